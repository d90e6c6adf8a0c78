import { describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { storage, type StoredUser } from "../../../lib/storage";
import { authUserFixture } from "../../../../test/fixtures";
import { renderAt, signInAs } from "../../../../test/render";
import { answer, apiError, mockFetch, offContract, answerSessionCheck } from "../../../../test/mock-api";
import { ProfileForm } from "./profile-form";
import { phoneCooldownName } from "./use-phone-verification";

const user: StoredUser = {
  id: "9b2f7a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b",
  email: "giulia.rossi@example.com",
  firstName: "Giulia",
  lastName: "Rossi",
  phoneNumber: "+447700900123",
  phoneVerified: true,
};

function renderForm(overrides: Partial<StoredUser> = {}) {
  const onUserChanged = vi.fn();
  signInAs({ ...user, ...overrides });
  renderAt(<ProfileForm user={{ ...user, ...overrides }} onUserChanged={onUserChanged} submitLabel="Salva" />);
  return { onUserChanged };
}
const numberField = () => screen.getByLabelText(/^Numero/);
/** The calls this form made (the session provider's own check of the stored user aside). */
const formCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([input]) => !String(input).includes("/user-profile"));
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;

describe("ProfileForm", () => {
  it("splits a stored +44 number into the picker and the field, and shows it verified", () => {
    mockFetch(() => offContract({}));
    renderForm();
    expect(screen.getByLabelText("Prefisso")).toHaveValue("GB");
    expect(numberField()).toHaveValue("7700900123");
    expect(screen.getByText("Verificato")).toBeInTheDocument();
    // 44 countries, Italy first.
    const options = within(screen.getByLabelText("Prefisso")).getAllByRole("option");
    expect(options).toHaveLength(44);
    expect(options[0]).toHaveTextContent("Italia (+39)");
  });

  it("marks an edited verified number unverified and blocks saving until it is verified", async () => {
    const fetch = mockFetch(() => offContract({}));
    renderForm();
    fireEvent.change(numberField(), { target: { value: "7700900999" } });
    expect(screen.getByText("Da verificare")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Verifica il numero di telefono prima di salvare")).toBeInTheDocument();
    expect(formCalls(fetch)).toHaveLength(0);
  });

  it("needs 6 characters to ask for a code, then verifies the number with the 6-digit modal", async () => {
    const verified = authUserFixture({ id: user.id, phoneNumber: "+393331234567", phoneVerified: true });
    const fetch = mockFetch((url) => {
      const session = answerSessionCheck(url);
      if (session) return session;
      if (url.pathname.endsWith("/verify-phone/start")) {
        return answer("POST /client/verify-phone/start", {
          success: true,
          alreadyVerified: false,
          phoneNumber: "+393331234567",
          message: "Codice inviato",
        });
      }
      if (url.pathname.endsWith("/verify-phone/confirm")) {
        return answer("POST /client/verify-phone/confirm", {
          success: true,
          message: "Numero verificato",
          user: verified,
        });
      }
      return answer("PUT /client/updateProfile/:id", {
        success: true,
        profile: { ...verified, firstName: "Giulia Maria" },
      });
    });
    const { onUserChanged } = renderForm({ phoneNumber: undefined, phoneVerified: false });
    expect(screen.getByLabelText("Prefisso")).toHaveValue("IT");

    fireEvent.change(numberField(), { target: { value: "333" } });
    fireEvent.click(screen.getByRole("button", { name: "Verifica il numero" }));
    expect(await screen.findByText("Inserisci un numero di almeno 6 cifre")).toBeInTheDocument();
    expect(formCalls(fetch)).toHaveLength(0);

    fireEvent.change(numberField(), { target: { value: "333 123 4567" } });
    fireEvent.click(screen.getByRole("button", { name: "Verifica il numero" }));
    const dialog = await screen.findByRole("dialog", { name: "Verifica il numero" });
    expect(bodyOf(formCalls(fetch)[0]!)).toMatchObject({ userId: user.id, phoneNumber: "+393331234567" });
    // The number as a person reads it, not "+393331234567".
    expect(dialog).toHaveTextContent("al numero +39 333 123 4567.");
    // The cooldown outlives a reload.
    expect(storage.getJson("cooldowns")?.[phoneCooldownName(user.id)]).toBeGreaterThan(Date.now() + 55_000);

    const code = within(dialog).getByLabelText(/^Codice/);
    fireEvent.change(code, { target: { value: "12a4" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verifica" }));
    expect(await within(dialog).findByText("Inserisci un codice valido di 6 cifre.")).toBeInTheDocument();
    expect(formCalls(fetch)).toHaveLength(1);

    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verifica" }));
    await waitFor(() => expect(onUserChanged).toHaveBeenCalledWith(verified));
    expect(bodyOf(formCalls(fetch)[1]!)).toMatchObject({ otp: "123456" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the server's refusal of a number, and the wait of a 429 for 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let respond = () =>
      apiError(
        {
          success: false,
          code: "phone_taken",
          error: "Questo numero di telefono è già registrato con un altro account",
        },
        409,
      );
    mockFetch(() => respond());
    renderForm({ phoneNumber: undefined, phoneVerified: false });
    fireEvent.change(numberField(), { target: { value: "3331234567" } });
    fireEvent.click(screen.getByRole("button", { name: "Verifica il numero" }));
    expect(
      await screen.findByText("Questo numero di telefono è già registrato con un altro account"),
    ).toBeInTheDocument();

    respond = () => apiError({ success: false, code: "otp_cooldown", error: "Attendi", retryAfter: 42 }, 429);
    fireEvent.click(screen.getByRole("button", { name: "Verifica il numero" }));
    expect(await screen.findByText("Devi attendere 0:42 prima di richiedere un nuovo codice")).toBeInTheDocument();
    expect(storage.getJson("cooldowns")?.[phoneCooldownName(user.id)]).toBeGreaterThan(Date.now() + 40_000);
    await vi.advanceTimersByTimeAsync(5_100);
    await waitFor(() => expect(screen.queryByText(/Devi attendere/)).not.toBeInTheDocument());
  });

  it("asked again during the cooldown, says how long is left without calling the server", async () => {
    storage.setJson("cooldowns", { [phoneCooldownName(user.id)]: Date.now() + 30_000 });
    const fetch = mockFetch(() => offContract({}));
    renderForm({ phoneNumber: undefined, phoneVerified: false });
    fireEvent.change(numberField(), { target: { value: "3331234567" } });
    fireEvent.click(screen.getByRole("button", { name: "Verifica il numero" }));
    expect(
      await screen.findByText(/^Devi attendere 0:(29|30) prima di richiedere un nuovo codice$/),
    ).toBeInTheDocument();
    expect(formCalls(fetch)).toHaveLength(0);
  });

  it("after a reload within the cooldown keeps the number and reopens the code entry; the wait holds back only the resend", async () => {
    const verified = authUserFixture({ id: user.id, phoneNumber: "+393331234567", phoneVerified: true });
    const fetch = mockFetch((url) => {
      const session = answerSessionCheck(url);
      if (session) return session;
      if (url.pathname.endsWith("/verify-phone/start")) {
        return answer("POST /client/verify-phone/start", {
          success: true,
          alreadyVerified: false,
          phoneNumber: "+393331234567",
          message: "Codice inviato",
        });
      }
      return answer("POST /client/verify-phone/confirm", {
        success: true,
        message: "Numero verificato",
        user: verified,
      });
    });
    const first = renderForm({ phoneNumber: undefined, phoneVerified: false });
    fireEvent.change(numberField(), { target: { value: "3331234567" } });
    fireEvent.click(screen.getByRole("button", { name: "Verifica il numero" }));
    await screen.findByRole("dialog", { name: "Verifica il numero" });
    expect(formCalls(fetch)).toHaveLength(1);

    // A reload: a new page with only the browser storage left.
    cleanup();
    const { onUserChanged } = renderForm({ phoneNumber: undefined, phoneVerified: false });
    expect(first.onUserChanged).not.toHaveBeenCalled();
    expect(numberField()).toHaveValue("3331234567");
    fireEvent.click(screen.getByRole("button", { name: "Verifica il numero" }));
    const dialog = await screen.findByRole("dialog", { name: "Verifica il numero" });
    expect(screen.queryByText(/Devi attendere/)).not.toBeInTheDocument();
    expect(formCalls(fetch)).toHaveLength(1);

    // The modal's resend is what the cooldown holds back.
    fireEvent.click(within(dialog).getByRole("button", { name: /^Nuovo codice tra/ }));
    expect(formCalls(fetch)).toHaveLength(1);

    fireEvent.change(within(dialog).getByLabelText(/^Codice/), { target: { value: "123456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verifica" }));
    await waitFor(() => expect(onUserChanged).toHaveBeenCalledWith(verified));
    expect(storage.getJson("pendingPhoneCode")).toBeNull();
  });

  it("forgets a pending number once its code has expired or for another account", () => {
    mockFetch(() => offContract({}));
    storage.setJson("pendingPhoneCode", { userId: user.id, phoneNumber: "+393331234567", expiresAt: Date.now() - 1 });
    renderForm({ phoneNumber: undefined, phoneVerified: false });
    expect(numberField()).toHaveValue("");
    cleanup();
    storage.setJson("pendingPhoneCode", {
      userId: "someone-else",
      phoneNumber: "+393331234567",
      expiresAt: Date.now() + 60_000,
    });
    renderForm({ phoneNumber: undefined, phoneVerified: false });
    expect(numberField()).toHaveValue("");
  });

  it("saves names once the phone is verified, and requires them", async () => {
    const fetch = mockFetch(
      (url) =>
        answerSessionCheck(url) ??
        answer("PUT /client/updateProfile/:id", {
          success: true,
          profile: authUserFixture({
            id: user.id,
            firstName: "Giulia Maria",
            phoneNumber: user.phoneNumber!,
            phoneVerified: true,
          }),
        }),
    );
    const { onUserChanged } = renderForm();
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: " " } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Inserisci il nome")).toBeInTheDocument();
    expect(formCalls(fetch)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: "Giulia Maria" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Profilo aggiornato")).toBeInTheDocument();
    const [url, init] = formCalls(fetch)[0]!;
    expect(String(url)).toContain(`/client/updateProfile/${user.id}`);
    expect((init as RequestInit).method).toBe("PUT");
    expect(bodyOf(formCalls(fetch)[0]!)).toMatchObject({ firstName: "Giulia Maria", lastName: "Rossi" });
    expect(onUserChanged).toHaveBeenCalled();
  });

  it("a new submit clears the last one's 'saved': a blocked save never shows green beside red", async () => {
    mockFetch(
      (url) =>
        answerSessionCheck(url) ??
        answer("PUT /client/updateProfile/:id", {
          success: true,
          profile: authUserFixture({ id: user.id, phoneNumber: "+447700900123", phoneVerified: true }),
        }),
    );
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Profilo aggiornato")).toBeInTheDocument();
    fireEvent.change(numberField(), { target: { value: "7700900999" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Verifica il numero di telefono prima di salvare")).toBeInTheDocument();
    expect(screen.queryByText("Profilo aggiornato")).toBeNull();
  });

  it("refuses letters in the number with a message about digits, without asking the server", async () => {
    const fetch = mockFetch(() => offContract({}));
    renderForm({ phoneNumber: undefined, phoneVerified: false });
    fireEvent.change(numberField(), { target: { value: "333 12a 4567" } });
    fireEvent.click(screen.getByRole("button", { name: "Verifica il numero" }));
    expect(
      await screen.findByText("Il numero può contenere solo cifre (spazi e trattini sono ammessi)."),
    ).toBeInTheDocument();
    expect(formCalls(fetch)).toHaveLength(0);
  });
});
