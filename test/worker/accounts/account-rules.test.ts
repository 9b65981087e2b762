import { describe, expect, it } from "vitest";
import { accountRule } from "~/shared/forms/account-rules";
import { emailField, loginPasswordField, nameField, newPasswordField } from "~/shared/forms/auth";
import { PasswordForm } from "~/shared/forms/settings";

/**
 * Issue 40, point 3: the account pages drop a field's message as it is typed by `accountRule`,
 * without zod. It must say yes exactly where the server's schema does, or a message would go for
 * a value the next post refuses again (or stay for one it takes).
 */

const samples = {
  email: ["", " ", "a@b.co", " A@B.CO ", "a@b", "a b@c.de", "@b.co", `${"a".repeat(250)}@b.co`, "한글@예시.한국"],
  name: ["", "  ", "김하나", "🛍️ 가게", "a".repeat(30), "a".repeat(31), "이름\u202e", "탭\t이름", "😀".repeat(30)],
  password: ["", " ", "short", "12345678", "가나다라마바사아", "😀".repeat(8), "x".repeat(128), "x".repeat(129)],
};

describe("accountRule", () => {
  it("takes what the schemas take", () => {
    for (const v of samples.email) expect(accountRule.email(v, null), v).toBe(emailField.safeParse(v).success);
    for (const v of samples.name) expect(accountRule.name(v, null), v).toBe(nameField.safeParse(v).success);
    for (const v of samples.password) {
      expect(accountRule.password(v, null), v).toBe(loginPasswordField.safeParse(v).success);
      expect(accountRule.newPassword(v, null), v).toBe(newPasswordField.safeParse(v).success);
    }
  });

  it("checks a repeat and a change against the form's other fields", () => {
    const form = (fields: Record<string, string>) =>
      ({
        elements: { namedItem: (n: string) => (n in fields ? { value: fields[n] } : null) },
      }) as unknown as HTMLFormElement;
    const filled = form({ current: "old-pass-1", password: "new-pass-1" });
    expect(accountRule.password2("new-pass-1", filled)).toBe(true);
    expect(accountRule.password2("new-pass-2", filled)).toBe(false);
    expect(accountRule.password2("", form({ password: "" }))).toBe(false);
    expect(accountRule.changedPassword("new-pass-1", filled)).toBe(true);
    expect(accountRule.changedPassword("old-pass-1", filled)).toBe(false);
    const schema = (current: string, password: string) =>
      PasswordForm.safeParse({ current, password, password2: password }).success;
    expect(schema("old-pass-1", "new-pass-1")).toBe(true);
    expect(schema("old-pass-1", "old-pass-1")).toBe(false);
  });
});
