import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { PasswordStrength } from "./password-strength";

describe("PasswordStrength", () => {
  it("never says green 'strong' while a rule is missing, and says at the meter which one", () => {
    const view = render(<PasswordStrength password="Abcdef1" />);
    expect(screen.getByTestId("strength")).toHaveTextContent("Media");
    expect(screen.getByTestId("strength")).not.toHaveTextContent("Forte");
    expect(screen.getByTestId("strength-missing")).toHaveTextContent(
      "Manca ancora: un carattere speciale (es. ! ? # @)",
    );
    view.rerender(<PasswordStrength password="Abcdef1!" />);
    expect(screen.getByTestId("strength")).toHaveTextContent("Forte");
  });

  it("on the reset form lists each missing rule once", () => {
    render(<PasswordStrength password="abcdef" list="missing" />);
    expect(screen.getAllByText(/lettera maiuscola/i)).toHaveLength(1);
    expect(screen.queryByTestId("strength-missing")).toBeNull();
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
