import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { EmailText } from "./email-text";

describe("EmailText", () => {
  it("offers line breaks only before the @ and after dots, keeping the address's text whole", () => {
    const { container } = render(
      <p>
        <EmailText email="giulia.rossi.lunghissimo@example.com" />
      </p>,
    );
    const p = container.querySelector("p")!;
    expect(p).toHaveTextContent("giulia.rossi.lunghissimo@example.com");
    expect(p.innerHTML).toBe("giulia.<wbr>rossi.<wbr>lunghissimo<wbr>@example.<wbr>com");
  });
});
