import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { PasswordStrength } from "./password-strength";

describe("PasswordStrength", () => {
  it("keeps the spec's 'strong' at 4 of 5 rules but says at the meter which rule is still missing", () => {
    render(<PasswordStrength password="Abcdef1" />);
    expect(screen.getByTestId("strength")).toHaveTextContent("Forte");
    expect(screen.getByTestId("strength-missing")).toHaveTextContent(
      "Manca ancora: un carattere speciale (es. ! ? # @)",
    );
  });

  it("names every missing rule, and nothing once all five are met", () => {
    const view = render(<PasswordStrength password="abc" />);
    expect(screen.getByTestId("strength-missing")).toHaveTextContent(
      "Mancano ancora: almeno 6 caratteri, una lettera maiuscola, un numero, un carattere speciale (es. ! ? # @)",
    );
    view.rerender(<PasswordStrength password="Abcdef1!" />);
    expect(screen.queryByTestId("strength-missing")).toBeNull();
  });
});
