/** Types of scripts/build-freshness.mjs. */
export declare const root: string;
export declare const STAMP: string;
export declare function buildIsFresh(base?: string): boolean;
