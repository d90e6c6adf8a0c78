import { expect, type APIRequestContext } from "@playwright/test";

/** A mobile number nobody has verified yet (both projects share one database). */
export const freshMobile = () => `3${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;

/** The newest text message to a number, read from the outbox like a person reads /dev/mailbox. */
export async function smsCode(request: APIRequestContext, phoneNumber: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(phoneNumber)}`);
      const { messages } = (await response.json()) as { messages: { text: string; template: string }[] };
      code = /\b(\d{6})\b/.exec(messages.find((m) => m.template === "sms-phone-code")?.text ?? "")?.[1];
      return code !== undefined;
    })
    .toBe(true);
  return code!;
}
