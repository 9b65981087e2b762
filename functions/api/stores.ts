import { PlatformShopStore } from "../db/platform-shops";
import { PaymentKeyStore } from "../db/payment-keys";
import { PayoutStore } from "../db/payouts";
import { ProviderPaymentStore } from "../db/provider-payments";
import { PaymentAttemptStore } from "../db/payment-attempts";
import { ReconciliationStore } from "../db/reconciliations";
import type { Config } from "../env";
import { Throttle } from "../auth/throttle";
import { LoginCodeStore, ResetTokenStore } from "../db/auth-tokens";
import { DeviceTicketStore } from "../db/device-tickets";
import { AccountSummaryStore } from "../db/account-summary";
import { CartStore } from "../db/cart";
import { CatalogueStore, type ReadAhead } from "../db/catalogue";
import { FavouriteStore, RecentStore } from "../db/favourites";
import { MemberStore } from "../db/members";
import { PhotoStore } from "../db/photos";
import { ProductAdminStore } from "../db/products";
import { MessageStore } from "../db/messages";
import { MemberSettingsStore } from "../db/member-settings";
import { OrderStore } from "../db/orders";
import { DailyStore } from "../db/daily";
import { QuestionStore } from "../db/questions";
import { OrderGrantStore } from "../db/order-grants";
import { SessionStore } from "../db/sessions";
import { SearchCounts, SearchIndex } from "../db/search";
import { TableOrderStore } from "../db/table-orders";
import { TableStore } from "../db/tables";
import { ShopMemberStore } from "../db/shop-members";
import { ShopStore } from "../db/shops";
import { OAuthStore } from "../db/oauth";
import { ShopSettingsStore } from "../db/shop-settings";
import { mailProvider, type MailProvider } from "../mail/provider";
import { ServerEventStore } from "../db/server-events";
import { eventSink, type EventSink } from "../events/provider";
import { CustomDomainStore } from "../db/custom-domains";
import { customHostnames, type CustomHostnames } from "../domains/cloudflare";
import { accountVerification, type VerificationSource } from "../orders/verification";
import { IdentityStore } from "../db/identity";
import { ReviewStore } from "../db/reviews";
import { ReviewReportStore } from "../db/review-reports";
import type { Db } from "../db/session";
import { NotifyStore } from "../db/notify";
import { Notifier } from "../notify/notify";
import { Log } from "../log";

/**
 * Every D1 store a handler may use, each built on first use: most calls need one or two. Handlers
 * reach the database only through these (the API context has no `env`), so each query has a
 * home and a name.
 */
export class Stores {
  readonly #made = new Map<string, unknown>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly readAhead: ReadAhead | null = null,
  ) {}

  #lazy<T>(name: string, make: (db: Db) => T): T {
    if (!this.#made.has(name)) this.#made.set(name, make(this.db));
    return this.#made.get(name) as T;
  }

  /** Kakao/Naver login states, tickets and identities (decision 115). */
  get oauth(): OAuthStore {
    return this.#lazy("oauth", (db) => new OAuthStore(db));
  }
  get shops(): ShopStore {
    return this.#lazy("shops", (db) => new ShopStore(db));
  }
  /** The shop's own settings (/admin/settings). */
  get shopSettings(): ShopSettingsStore {
    return this.#lazy("shopSettings", (db) => new ShopSettingsStore(db));
  }
  get catalogue(): CatalogueStore {
    return this.#lazy("catalogue", (db) => new CatalogueStore(db, this.readAhead));
  }
  /** A product's pictures, as its owner changes them. */
  get photos(): PhotoStore {
    return this.#lazy("photos", (db) => new PhotoStore(db));
  }
  /** The catalogue as its owner edits it (decision 106). */
  get products(): ProductAdminStore {
    return this.#lazy("products", (db) => new ProductAdminStore(db));
  }
  get cart(): CartStore {
    return this.#lazy("cart", (db) => new CartStore(db));
  }
  get orders(): OrderStore {
    return this.#lazy("orders", (db) => new OrderStore(db));
  }
  /** The console's order export, tracking upload and dashboard (decision 109). */
  get daily(): DailyStore {
    return this.#lazy("daily", (db) => new DailyStore(db));
  }
  /** 상품문의: a product's questions and the owner's answers (decision 118). */
  get questions(): QuestionStore {
    return this.#lazy("questions", (db) => new QuestionStore(db, this.readAhead));
  }
  /** The account summary's counts, in one round trip. */
  get accountSummary(): AccountSummaryStore {
    return this.#lazy("accountSummary", (db) => new AccountSummaryStore(db));
  }
  /** Favourites (찜), per shop host and member or device. */
  get favourites(): FavouriteStore {
    return this.#lazy("favourites", (db) => new FavouriteStore(db, this.readAhead));
  }
  /** Recently viewed products, per shop host and member or device. */
  get recent(): RecentStore {
    return this.#lazy("recent", (db) => new RecentStore(db));
  }
  /** Marketing consent, the address book, closing an account. */
  get settings(): MemberSettingsStore {
    return this.#lazy("settings", (db) => new MemberSettingsStore(db));
  }
  /** Orders opened to a browser by 비회원 주문조회. */
  get orderGrants(): OrderGrantStore {
    return this.#lazy("orderGrants", (db) => new OrderGrantStore(db));
  }
  /** Conversations between members and shops, and their unread counts. */
  get messages(): MessageStore {
    return this.#lazy("messages", (db) => new MessageStore(db));
  }
  /** The on-site search's index (kept up to date before each search). */
  get search(): SearchIndex {
    return this.#lazy("search", (db) => new SearchIndex(db));
  }
  /** The shop's popular searches (decision 129). */
  get searchCounts(): SearchCounts {
    return this.#lazy("searchCounts", (db) => new SearchCounts(db));
  }
  /** A restaurant's tables and the meals at them (smart order). */
  get tables(): TableStore {
    return this.#lazy("tables", (db) => new TableStore(db));
  }
  /** The menu, the table's cart and table orders (smart order). */
  get tableOrders(): TableOrderStore {
    return this.#lazy("tableOrders", (db) => new TableOrderStore(db));
  }
  get members(): MemberStore {
    return this.#lazy("members", (db) => new MemberStore(db));
  }
  get sessions(): SessionStore {
    return this.#lazy("sessions", (db) => new SessionStore(db));
  }
  get shopMembers(): ShopMemberStore {
    return this.#lazy("shopMembers", (db) => new ShopMemberStore(db));
  }
  get resetTokens(): ResetTokenStore {
    return this.#lazy("resetTokens", (db) => new ResetTokenStore(db));
  }
  get loginCodes(): LoginCodeStore {
    return this.#lazy("loginCodes", (db) => new LoginCodeStore(db));
  }
  /** A guest's device handed between a shop's two hosts (decision 116). */
  get deviceTickets(): DeviceTicketStore {
    return this.#lazy("deviceTickets", (db) => new DeviceTicketStore(db));
  }
  /** Failed-attempt counting (logins, resets, codes: decision 044). */
  /** Shops as the platform opens, lists, suspends and hands them over (decision 108). */
  get platformShops(): PlatformShopStore {
    return this.#lazy("platformShops", (db) => new PlatformShopStore(db));
  }
  get throttle(): Throttle {
    return this.#lazy("throttle", (db) => new Throttle(db));
  }
  /** Adult, identity and shop-membership flags an order may require. */
  /** PortOne identity verification windows and a guest device's verification (decision 114). */
  get identity(): IdentityStore {
    return this.#lazy("identity", (db) => new IdentityStore(db));
  }
  get verification(): VerificationSource {
    return this.#lazy("verification", (db) => accountVerification(db));
  }
  /** Reviews of order lines, their replies, reports and rewards (decision 117). */
  get reviews(): ReviewStore {
    return this.#lazy("reviews", (db) => new ReviewStore(db, this.readAhead));
  }
  /** The platform admin's queue of reported reviews (decision 120). */
  get reviewReports(): ReviewReportStore {
    return this.#lazy("reviewReports", (db) => new ReviewReportStore(db));
  }
  /** Server-side commerce events (decision 070). */
  get serverEvents(): ServerEventStore {
    return this.#lazy("serverEvents", (db) => new ServerEventStore(db));
  }
  /** The configured events endpoint, or the local record. */
  get eventSink(): EventSink {
    return this.#lazy("eventSink", () => eventSink(this.config));
  }
  /** Shops' custom domains (decision 092). */
  get customDomains(): CustomDomainStore {
    return this.#lazy("customDomains", (db) => new CustomDomainStore(db));
  }
  get paymentKeys(): PaymentKeyStore {
    return this.#lazy("paymentKeys", (db) => new PaymentKeyStore(db));
  }
  /** Orders paid through Toss (issue 35). */
  get providerPayments(): ProviderPaymentStore {
    return this.#lazy("providerPayments", (db) => new ProviderPaymentStore(db));
  }
  /** 정산 대사: each day's comparison of Toss's ledger with the shop's records (decision 144). */
  get payouts(): PayoutStore {
    return this.#lazy("payouts", (db) => new PayoutStore(db));
  }

  get reconciliations(): ReconciliationStore {
    return this.#lazy("reconciliations", (db) => new ReconciliationStore(db));
  }
  /** Every Toss payment window and what became of its money (decision 142). */
  get paymentAttempts(): PaymentAttemptStore {
    return this.#lazy("paymentAttempts", (db) => new PaymentAttemptStore(db));
  }
  /** Cloudflare for SaaS's custom hostnames, or null when the platform is not configured for it. */
  get cloudflare(): CustomHostnames | null {
    return this.#lazy("cloudflare", () => customHostnames(this.config));
  }
  /** 알림톡 sends, consents and switches (decision 131). */
  get notify(): NotifyStore {
    return this.#lazy("notify", (db) => new NotifyStore(db));
  }
  /** What to send outside the browser, through SOLAPI when configured (decision 131). */
  notifier(log: Log = new Log("notify")): Notifier {
    return new Notifier(this.notify, this.config, log);
  }
  /** The configured mail API, or the local outbox table. */
  get mail(): MailProvider {
    return this.#lazy("mail", (db) => mailProvider(this.config, db));
  }
}
