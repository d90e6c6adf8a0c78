import { Fragment } from "react";

/**
 * An e-mail address that wraps where a reader expects it to: before the "@" and after each dot,
 * never in the middle of a name ("giulia.ros|si@…"). Only a single part longer than the line still
 * breaks (overflow-wrap: break-word on the container).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
