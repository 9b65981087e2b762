import { expect, hydrated, jsOff, secondPage, shopUrl, signUp, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koQuestions } from "../../app/shared/messages/questions";

/** 상품문의 (issue 38 item 6, decision 118): a secret question, its answer, JavaScript on and off. */

const unique = (tag: string) => `e2e-qna-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

// A refused question answers 400; the browser logs the status.
test.use({ expectedConsoleErrors: [/status of 400 /] });

test("a shopper asks a secret question; another sees only 비밀글입니다; the owner answers; the asker reads it", async ({
  page,
  browser,
}, testInfo) => {
  const js = !jsOff(testInfo);
  const product = js ? "b0012" : "b0013";
  const secret = `배송 전에 색상을 바꿀 수 있나요? ${testInfo.project.name}`;
  await signUp(page, "beauty", { email: unique("asker"), name: "문의 회원", url: `/shop/view/${product}` });
  if (js) await hydrated(page);
  const section = page.getByTestId("questions");
  await section.getByText(koQuestions.ask.title, { exact: true }).click();
  const form = section.getByRole("form", { name: koQuestions.ask.title });
  await form.getByLabel(koQuestions.ask.type).selectOption("delivery");
  await form.getByLabel(koQuestions.ask.secret).check();
  // Too short: the message is next to the field, on /shop/qna.
  // Long enough for the browser, not once the server trims it.
  await form.getByLabel(koQuestions.ask.body).fill("네?     ");
  await form.getByRole("button", { name: koQuestions.ask.submit }).click();
  await expect(page.getByTestId("question-error")).toHaveText(koQuestions.errors.bodyShort);
  // The section's form is plain HTML (decision 118): the answer is a new document, hydrated anew.
  if (js) await hydrated(page);
  const again = page.getByRole("form", { name: koQuestions.ask.title });
  await again.getByLabel(koQuestions.ask.body).fill(secret);
  await again.getByRole("button", { name: koQuestions.ask.submit }).click();
  await expect(page).toHaveURL(/\/shop\/qna\?pid=b001\d&done=asked/);
  await expect(page.getByTestId("question-body").first()).toHaveText(secret);

  // Another shopper, on the product page and the questions' own page.
  const { page: other, close: closeOther } = await secondPage(browser, js);
  await signUp(other, "beauty", { email: unique("other"), name: "다른 회원", url: `/shop/view/${product}` });
  await expect(other.getByTestId("questions").getByTestId("question-secret").first()).toHaveText(koQuestions.secret);
  await other.goto(shopUrl("beauty", `/shop/qna?pid=${product}`));
  await expect(other.getByTestId("question-secret").first()).toHaveText(koQuestions.secret);
  await expect(other.getByText(secret)).toHaveCount(0);

  // The owner answers in the console.
  const { page: owner, close: closeOwner } = await secondPage(browser, js);
  await owner.goto(shopUrl("beauty", "/user/login?url=%2Fadmin%2Fquestions"));
  await fillLogin(owner, "owner@beauty.example.test", "demo1234!");
  await expect(owner).toHaveURL(shopUrl("beauty", "/admin/questions"));
  if (js) await hydrated(owner);
  const card = owner.getByTestId("admin-question").filter({ hasText: secret });
  await card.getByRole("textbox", { name: koQuestions.admin.answer }).fill("네, 발송 전까지 바꿔 드립니다.");
  await card.getByRole("button", { name: koQuestions.admin.submit }).click();
  await expect(owner.getByRole("status")).toHaveText(koQuestions.admin.saved);
  await expect(
    owner.getByTestId("admin-question").filter({ hasText: secret }).getByTestId("admin-answer"),
  ).toContainText("네, 발송 전까지 바꿔 드립니다.");

  // The asker reads the answer; the question is locked.
  await page.goto(shopUrl("beauty", `/shop/qna?pid=${product}`));
  const mine = page.getByTestId("question").filter({ hasText: secret });
  await expect(mine.getByTestId("question-answer")).toContainText("네, 발송 전까지 바꿔 드립니다.");
  await expect(mine.getByText(koQuestions.edit, { exact: true })).toHaveCount(0);
  // The other shopper still sees neither.
  await other.reload();
  await expect(other.getByText("네, 발송 전까지 바꿔 드립니다.")).toHaveCount(0);
  await closeOwner();
  await closeOther();
});
