export * from './certificate-settings.js';
export * from './list-certificates.js';
export * from './verify-certificate.js';
export * from './badges.js';
