import { Fragment } from 'react';

/**
 * An email address that wraps where a reader expects, after the `@` and before each dot
 * (`wanjiku.kamau@` / `example.co.ke`), never in the middle of a name; only a single part wider
 * than its box breaks inside (overflow-wrap: anywhere).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const [local, domain] = at < 0 ? [email, ''] : [email.slice(0, at + 1), email.slice(at + 1)];
  const domainParts = domain.split('.');
  return (
    <span className="[overflow-wrap:anywhere]">
      {local}
      {domain && <wbr />}
      {domainParts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
