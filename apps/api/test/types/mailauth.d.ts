/** The part of mailauth 4 (which ships no types) that the DKIM test uses. */
declare module "mailauth/lib/dkim/verify" {
  interface DkimResult {
    signingDomain: string;
    selector: string;
    status: { result: "pass" | "fail" | "neutral" | "none" | "policy" | "temperror" | "permerror"; comment?: string };
  }
  export function dkimVerify(
    message: string | Buffer,
    options: { resolver: (name: string, type: string) => Promise<string[][]> },
  ): Promise<{ results: DkimResult[] }>;
}
