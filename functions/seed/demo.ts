import { hashPassword } from "../auth/crypto";
import { sealSecret } from "../payments/keys";
import { logoSvg, productSvg } from "./images";
import type { Db } from "../db/session";
import type { SellerType } from "~/shared/seller";

/**
 * The demo platform: four Korean shops. Used by `npm run db:seed` (local D1 and R2) and by the
 * tests. Every insert is INSERT OR IGNORE with fixed ids, so seeding twice changes nothing and
 * never overwrites what a developer did in the demo shops.
 */

export type SeedStatement = { sql: string; params: (string | number | null)[] };
export type SeedFile = { key: string; body: string; contentType: string };
export type Seed = { statements: SeedStatement[]; files: SeedFile[] };

export const DEMO = {
  beauty: { id: 1, uid: 1001, dom: "beauty" },
  picks: { id: 2, uid: 1002, dom: "picks" },
  bistro: { id: 3, uid: 1003, dom: "bistro" },
  studio: { id: 4, uid: 1004, dom: "studio", dom3: "shop.example.test" },
} as const;

type Row = Record<string, string | number | null>;

function insert(table: string, row: Row): SeedStatement {
  const columns = Object.keys(row);
  return {
    sql: `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    params: Object.values(row),
  };
}

type ProductSeed = {
  title: string;
  price: number;
  category: number;
  listPrice?: number;
  options?: [name: string, extra: number, stock: number][];
  stock?: number;
  soldOut?: boolean;
  adult?: boolean;
  auth?: boolean;
  members?: boolean;
  likes?: number;
  summary?: string;
  /** What the options choose (smart order: 맵기, 양). */
  optionLabel?: string;
  /** Menu add-ons (smart order): name and price. */
  extras?: [name: string, price: number][];
};

const BEAUTY_CATEGORIES: [id: number, parent: number | null, name: string][] = [
  [1001, null, "스킨케어"],
  [39, 1001, "스킨/토너"],
  [40, 1001, "에센스/세럼"],
  [41, 1001, "크림"],
  [49, 1001, "클렌징"],
  [1002, null, "메이크업"],
  [43, 1002, "립"],
  [42, 1002, "베이스"],
  [51, 1002, "아이"],
  [1003, null, "기타"],
  [45, 1003, "바디케어"],
  [46, 1003, "헤어케어"],
  [48, 1003, "향수"],
  [47, 1003, "뷰티소품"],
  [52, 1003, "기획세트"],
];

const BEAUTY_PRODUCTS: ProductSeed[] = [
  { title: "어성초 진정 토너 300ml", price: 18900, listPrice: 24000, category: 39, likes: 312 },
  { title: "녹차 수분 스킨 200ml", price: 15000, category: 39, likes: 120 },
  { title: "약산성 각질 토너 패드 70매", price: 21000, category: 39, stock: 3, likes: 88 },
  { title: "쌀 미백 부스팅 토너", price: 17500, category: 39, likes: 64 },
  {
    title: "히알루론산 7겹 세럼 50ml",
    price: 26000,
    listPrice: 32000,
    category: 40,
    likes: 420,
    options: [
      ["30ml", 0, 40],
      ["50ml", 6000, 25],
    ],
  },
  { title: "비타민C 잡티 앰플", price: 29000, category: 40, likes: 275 },
  { title: "병풀 시카 리페어 에센스", price: 23000, category: 40, likes: 190, soldOut: true },
  {
    title: "레티놀 탄력 세럼 0.1%",
    price: 34000,
    category: 40,
    likes: 156,
    auth: true,
    summary: "본인인증 후 구매할 수 있는 고함량 레티놀 세럼입니다.",
  },
  { title: "세라마이드 장벽 크림 80ml", price: 27000, category: 41, likes: 502 },
  { title: "마데카 수분 젤 크림", price: 22000, category: 41, likes: 143, stock: 2 },
  { title: "달팽이 영양 크림", price: 31000, category: 41, likes: 97 },
  { title: "어린 쑥 진정 수면팩", price: 19000, category: 41, likes: 51, stock: 0 },
  { title: "약산성 젤 클렌저 150ml", price: 13000, category: 49, likes: 260 },
  { title: "딥 클렌징 오일 200ml", price: 21000, category: 49, likes: 178 },
  { title: "쌀겨 효소 클렌징 파우더", price: 16000, category: 49, likes: 74 },
  { title: "무향 클렌징 워터 500ml", price: 14500, category: 49, likes: 39 },
  {
    title: "벨벳 틴트 (6색)",
    price: 12000,
    category: 43,
    likes: 640,
    options: [
      ["01 로지누드", 0, 30],
      ["02 코랄칩", 0, 12],
      ["03 체리밤", 0, 0],
      ["04 무화과", 0, 4],
      ["05 모브", 0, 20],
      ["06 브릭", 0, 18],
    ],
  },
  { title: "글로우 립밤", price: 9000, category: 43, likes: 211 },
  {
    title: "매트 립스틱",
    price: 18000,
    category: 43,
    likes: 98,
    options: [
      ["레드", 0, 10],
      ["누드", 0, 10],
    ],
  },
  { title: "립 스크럽 15g", price: 8500, category: 43, likes: 25 },
  {
    title: "커버 쿠션 SPF50+ (리필 포함)",
    price: 32000,
    listPrice: 38000,
    category: 42,
    likes: 389,
    options: [
      ["17호 라이트", 0, 15],
      ["21호 바닐라", 0, 22],
      ["23호 베이지", 0, 9],
    ],
  },
  { title: "수분 선크림 50ml", price: 19000, category: 42, likes: 450 },
  { title: "톤업 프라이머", price: 17000, category: 42, likes: 70 },
  { title: "롱래스팅 파운데이션", price: 35000, category: 42, likes: 133, soldOut: true },
  { title: "섀도 팔레트 9색", price: 28000, category: 51, likes: 301 },
  { title: "워터프루프 마스카라", price: 16000, category: 51, likes: 167 },
  {
    title: "펜슬 아이라이너",
    price: 11000,
    category: 51,
    likes: 82,
    options: [
      ["블랙", 0, 40],
      ["브라운", 0, 1],
    ],
  },
  { title: "브로우 펜슬", price: 9500, category: 51, likes: 58 },
  { title: "시어버터 바디로션 400ml", price: 18000, category: 45, likes: 122 },
  {
    title: "성인 전용 릴렉싱 마사지 오일",
    price: 25000,
    category: 45,
    likes: 44,
    adult: true,
    summary: "19세 이상만 구매할 수 있습니다.",
  },
  { title: "풋 크림 100ml", price: 9900, category: 45, likes: 31 },
  { title: "두피 스케일링 샴푸", price: 19500, category: 46, likes: 210 },
  { title: "단백질 헤어 트리트먼트", price: 16500, category: 46, likes: 95 },
  { title: "헤어 에센스 오일", price: 14000, category: 46, likes: 60 },
  {
    title: "우디 머스크 오 드 퍼퓸 50ml",
    price: 59000,
    category: 48,
    likes: 188,
    options: [
      ["30ml", 0, 8],
      ["50ml", 20000, 5],
    ],
  },
  { title: "시트러스 핸드크림 향수", price: 12000, category: 48, likes: 47 },
  { title: "퍼프 2입 세트", price: 6000, category: 47, likes: 230 },
  { title: "메이크업 브러시 5종", price: 24000, category: 47, likes: 86 },
  { title: "실리콘 세안 브러시", price: 8000, category: 47, likes: 19 },
  { title: "진정 라인 3종 기획세트", price: 45000, listPrice: 58000, category: 52, likes: 274 },
  {
    title: "회원 전용 시크릿 세트",
    price: 39000,
    category: 52,
    likes: 66,
    members: true,
    summary: "상점 회원만 주문할 수 있는 한정 세트입니다.",
  },
  { title: "여행용 미니 키트", price: 15000, category: 52, likes: 140 },
  { title: "선물 포장 박스", price: 3000, category: 52, likes: 12, stock: 200 },
  { title: "홀리데이 한정 기프트", price: 52000, category: 52, likes: 99, stock: 1 },
];

const STUDIO_CATEGORIES: [number, number | null, string][] = [
  [4001, null, "도자기"],
  [4002, null, "패브릭"],
  [4003, null, "향·캔들"],
];
const STUDIO_PRODUCTS: ProductSeed[] = [
  {
    title: "백자 머그컵",
    price: 28000,
    category: 4001,
    likes: 80,
    options: [
      ["화이트", 0, 12],
      ["연청", 2000, 6],
    ],
  },
  { title: "손빚은 접시 (대)", price: 36000, category: 4001, likes: 54 },
  { title: "분청 찻잔 세트", price: 64000, category: 4001, likes: 33, stock: 2 },
  { title: "리넨 테이블매트", price: 18000, category: 4002, likes: 41 },
  { title: "워싱 코튼 쿠션커버", price: 24000, category: 4002, likes: 22 },
  {
    title: "소이 캔들 200g",
    price: 22000,
    category: 4003,
    likes: 90,
    options: [
      ["무화과", 0, 10],
      ["편백", 0, 10],
      ["라벤더", 0, 0],
    ],
  },
  { title: "디퓨저 리필 200ml", price: 16000, category: 4003, likes: 18 },
  { title: "인센스 스틱 40개입", price: 9000, category: 4003, likes: 27 },
];

/** picks' own goods, next to the picks of beauty's: a picks cart holds two shops' goods. */
const PICKS_PRODUCTS: ProductSeed[] = [
  { title: "에디터 픽 캔버스 파우치", price: 14000, category: 2001, likes: 35, stock: 80 },
  { title: "에디터 픽 뷰티 노트", price: 9000, category: 2002, likes: 21, stock: 80 },
  { title: "에디터 픽 선물 카드", price: 2000, category: 2002, likes: 8, stock: 500 },
];

const BISTRO_CATEGORIES: [number, number | null, string][] = [
  [3001, null, "식사"],
  [3002, null, "사이드"],
  [3003, null, "음료"],
];
const SPICY: [string, number, number][] = [
  ["순한맛", 0, 999],
  ["보통맛", 0, 999],
  ["매운맛", 0, 999],
];
const BISTRO_PRODUCTS: ProductSeed[] = [
  {
    title: "김치찌개",
    price: 9000,
    category: 3001,
    likes: 150,
    options: SPICY,
    optionLabel: "맵기",
    extras: [
      ["라면사리", 1500],
      ["치즈", 1000],
      ["공기밥 추가", 1000],
    ],
  },
  { title: "된장찌개", price: 9000, category: 3001, likes: 98, stock: 999, extras: [["공기밥 추가", 1000]] },
  {
    title: "제육볶음 정식",
    price: 11000,
    category: 3001,
    likes: 201,
    options: SPICY,
    optionLabel: "맵기",
    extras: [["계란후라이", 1000]],
  },
  {
    title: "비빔밥",
    price: 9500,
    category: 3001,
    likes: 77,
    options: [
      ["보통", 0, 999],
      ["곱빼기", 2000, 999],
    ],
    optionLabel: "양",
    extras: [
      ["계란후라이", 1000],
      ["고추장 추가", 0],
    ],
  },
  { title: "돈까스", price: 10500, category: 3001, likes: 120, stock: 999, extras: [["치즈 추가", 1500]] },
  { title: "해물파전", price: 14000, category: 3002, likes: 64, stock: 999 },
  { title: "계란말이", price: 7000, category: 3002, likes: 58, stock: 999 },
  { title: "공기밥", price: 1000, category: 3002, likes: 5, stock: 999 },
  { title: "식혜", price: 3000, category: 3003, likes: 12, stock: 999 },
  { title: "콜라", price: 2000, category: 3003, likes: 9, stock: 999 },
  { title: "사이다", price: 2000, category: 3003, likes: 7, stock: 999 },
  { title: "오늘의 특선 (재료 소진)", price: 13000, category: 3001, likes: 40, soldOut: true },
];

/** The codes of bistro's eight tables: /smartorder/{hash} (README). Demo data, so not secret. */
export const BISTRO_TABLES = [
  "578778e76e3a8798af85a4b57bf3c00a",
  "e086cf0416eb61cb56c393f202cb1cf7",
  "fdd20981ac5f34a631f8ec2694bc955c",
  "c92e29d314c5cc8688647ab8b5e2d8b5",
  "afdfb7d0beef1d34fc985049a6ee8c32",
  "d2b0c25a980ffe75f9e903ae18e761a3",
  "1b9597367fc1ada70712235a84391ffe",
  "e8371d2369fe6ba591ca078378e56a19",
] as const;

function description(title: string, shopName: string): string {
  return [
    `${shopName}에서 직접 고르고 검수한 ${title}입니다.`,
    "",
    "· 배송: 주문 확인 후 1~3일 이내 출고 (주말·공휴일 제외)",
    "· 교환/반품: 상품 수령 후 7일 이내, 단순 변심 시 왕복 배송비 부담",
    "· 보관: 직사광선을 피해 서늘한 곳에 보관해 주세요.",
  ].join("\n");
}

function addProducts(
  seed: Seed,
  shop: { id: number; dom: string },
  shopName: string,
  firstId: number,
  sidPrefix: string,
  products: ProductSeed[],
  hue: number,
): number[] {
  const ids: number[] = [];
  products.forEach((p, i) => {
    const id = firstId + i;
    const sid = `${sidPrefix}${String(i + 1).padStart(4, "0")}`;
    const image = `shops/${shop.dom}/p/${sid}.svg`;
    ids.push(id);
    seed.files.push({ key: image, body: productSvg(p.title, (hue + i * 23) % 360, i), contentType: "image/svg+xml" });
    seed.statements.push(
      insert("products", {
        id,
        sid,
        shop_id: shop.id,
        ptype: "normal",
        category_id: p.category,
        title: p.title,
        price: p.price,
        list_price: p.listPrice ?? null,
        image,
        summary: p.summary ?? null,
        description: description(p.title, shopName),
        like_count: p.likes ?? 0,
        // Reviews are counted from the reviews (decision 168): no made-up figure.
        comment_count: 0,
        adult_only: p.adult ? 1 : 0,
        auth_only: p.auth ? 1 : 0,
        members_only: p.members ? 1 : 0,
        sold_out: p.soldOut ? 1 : 0,
        sort: i,
      }),
    );
    if (p.optionLabel) {
      seed.statements.push({
        sql: "UPDATE products SET option_label = ? WHERE id = ? AND option_label IS NULL",
        params: [p.optionLabel, id],
      });
    }
    (p.extras ?? []).forEach(([name, price], k) =>
      seed.statements.push(insert("menu_extras", { id: id * 10 + k + 1, product_id: id, name, price, sort: k })),
    );
    if (p.options) {
      p.options.forEach(([name, extra, stock], j) =>
        seed.statements.push(
          insert("product_options", {
            id: id * 100 + j + 1,
            product_id: id,
            name,
            extra_price: extra,
            stock,
            default_option: 0,
            sort: j,
          }),
        ),
      );
    } else {
      seed.statements.push(
        insert("product_options", {
          id: id * 100,
          product_id: id,
          name: "",
          extra_price: 0,
          stock: p.stock ?? 50,
          default_option: 1,
          sort: 0,
        }),
      );
    }
    // Every third product gets a second and third picture for the gallery.
    if (i % 3 === 0) {
      for (const n of [1, 2]) {
        const key = `shops/${shop.dom}/p/${sid}-${n}.svg`;
        seed.files.push({
          key,
          body: productSvg(p.title, (hue + i * 23 + n * 40) % 360, i + n),
          contentType: "image/svg+xml",
        });
        seed.statements.push(insert("product_images", { product_id: id, image: key, sort: n }));
      }
    }
  });
  return ids;
}

function addCategories(seed: Seed, shopId: number, categories: [number, number | null, string][]) {
  categories.forEach(([id, parent, name], sort) =>
    seed.statements.push(insert("categories", { id, shop_id: shopId, parent_id: parent, name, sort })),
  );
}

function addNotices(
  seed: Seed,
  shopId: number,
  firstId: number,
  notices: [title: string, body: string, pinned?: boolean][],
) {
  // Spread a day apart, newest first, from a fixed date so the seed is deterministic.
  const base = Date.UTC(2026, 10, 20) / 1000;
  notices.forEach(([title, body, pinned], i) =>
    seed.statements.push(
      insert("notices", {
        id: firstId + i,
        shop_id: shopId,
        title,
        body,
        pinned: pinned ? 1 : 0,
        created_at: base - i * 86400,
      }),
    ),
  );
}

/** studio's seller id at the Toss stand-in (decision 178). */
export const DEMO_PLATFORM_SELLER = "seller_demostudio000000000001";

export function demoSeed(): Seed {
  const seed: Seed = { statements: [], files: [] };
  const { beauty, picks, bistro, studio } = DEMO;

  seed.statements.push(
    insert("shops", {
      ...beauty,
      name: "뷰티 라운지",
      mcolor: "#E4577C",
      mcolor2: "#F6B7C8",
      notice: "3만원 이상 구매 시 무료배송 🎁",
      kakao_link: "https://pf.kakao.com/_beautylounge",
      help_email: "help@beauty.example.test",
      corpname: "(주)뷰티라운지",
      ceo: "김지현",
      idnum: "123-45-67886",
      idnum_singo: "2026-서울강남-01234",
      zipcode: "06236",
      address: "서울특별시 강남구 테헤란로 123, 4층",
      tel: "02-123-4567",
      email: "cs@beauty.example.test",
      point: 1,
      join_point: 2000,
    }),
    insert("shops", {
      ...picks,
      name: "에디터 픽",
      mcolor: "#2F3A4A",
      scolor: "#ffffff",
      design_skin: "prod2",
      design_value: JSON.stringify({ ratio: 1.25, prod_size: 1.1 }),
      corpname: "에디터픽",
      ceo: "박서준",
      idnum: "234-56-78904",
      tel: "070-1234-5678",
    }),
    insert("shops", {
      ...bistro,
      name: "한끼 식당",
      shop_type: "restaurant",
      mcolor: "#D9822B",
      notice: "테이블에서 QR로 주문해 주세요.",
      free_delivery_threshold: 0,
      delivery_fee: 0,
      corpname: "한끼식당",
      ceo: "이민호",
      idnum: "345-67-89013",
      address: "부산광역시 해운대구 해운대로 45",
      tel: "051-234-5678",
    }),
    insert("shops", {
      ...studio,
      name: "모노 스튜디오",
      mcolor: "#3F6B5B",
      mcolor2: "#A8C8BA",
      scolor2: "#F3F1EC",
      font_size: 13,
      logo: "shops/studio/logo.svg",
      use_logo: 1,
      logo_height: 32,
      show_link: 1,
      youtube: "https://www.youtube.com/@monostudio",
      instagram: "https://www.instagram.com/monostudio",
      naver: "https://blog.naver.com/monostudio",
      link1: "https://monostudio.example.test/about",
      help_email: "hello@shop.example.test",
      kakao_cs: "https://pf.kakao.com/_monostudio/chat",
      // Demo ad and analytics tags (README "Tracking"): the consent bar, the browser events and
      // the server events can be seen on this shop. Not real accounts.
      facebook_pixel: "100000000000001",
      g_tagid: "G-DEMO00001",
      corp: "법인",
      corpname: "주식회사 모노스튜디오",
      ceo: "정하늘",
      idnum: "456-78-90121",
      idnum_singo: "2026-서울마포-05678",
      zipcode: "04038",
      address: "서울특별시 마포구 양화로 12길 3",
      tel: "02-987-6543",
      email: "hello@shop.example.test",
      kcp_code: "T0000",
      free_delivery_threshold: 50000,
      delivery_fee: 3500,
    }),
  );
  // studio's custom domain, connected by hand (no Cloudflare id): active while the shop still has
  // it (an owner who removed it keeps it removed).
  seed.statements.push({
    sql: `INSERT OR IGNORE INTO custom_domains (shop_id, hostname, state, status, ssl_status, created_at, checked_at, proved_at)
          SELECT id, dom3, 'active', 'active', 'active', 0, 0, 0 FROM shops WHERE id = ? AND dom3 = ?`,
    params: [studio.id, studio.dom3],
  });
  seed.files.push({
    key: "shops/studio/logo.svg",
    body: logoSvg("MONO STUDIO", "#3F6B5B"),
    contentType: "image/svg+xml",
  });

  addCategories(seed, beauty.id, BEAUTY_CATEGORIES);
  const beautyIds = addProducts(seed, beauty, "뷰티 라운지", 1, "b", BEAUTY_PRODUCTS, 340);

  addCategories(seed, studio.id, STUDIO_CATEGORIES);
  addProducts(seed, studio, "모노 스튜디오", 401, "s", STUDIO_PRODUCTS, 150);

  addCategories(seed, bistro.id, BISTRO_CATEGORIES);
  addProducts(seed, bistro, "한끼 식당", 301, "m", BISTRO_PRODUCTS, 30);

  // bistro's tables (smart order): fixed codes so the README can list their addresses.
  BISTRO_TABLES.forEach((hash, i) =>
    seed.statements.push(
      insert("shop_tables", { id: 3001 + i, shop_id: bistro.id, name: String(i + 1), hash, sort: i, created_at: 0 }),
    ),
  );

  // picks: a curation shop selling beauty's goods as picks.
  addCategories(seed, picks.id, [
    [2001, null, "에디터 추천"],
    [2002, null, "선물하기 좋은"],
  ]);
  const pickSources = [0, 4, 5, 8, 12, 16, 20, 21, 24, 34, 39, 42, 6];
  pickSources.forEach((index, i) => {
    const origin = beautyIds[index]!;
    const source = BEAUTY_PRODUCTS[index]!;
    seed.statements.push(
      insert("products", {
        id: 201 + i,
        sid: `p${String(i + 1).padStart(4, "0")}`,
        shop_id: picks.id,
        ptype: "pick",
        origin_product_id: origin,
        category_id: i % 3 === 2 ? 2002 : 2001,
        title: source.title,
        price: source.price,
        sort: i,
      }),
    );
  });

  addProducts(seed, picks, "에디터 픽", 251, "e", PICKS_PRODUCTS, 210);

  // Bank transfer accounts (migration 0003). Set once: a developer's own change is kept.
  const banks: [number, string, string, string][] = [
    [beauty.id, "국민은행", "123401-04-567890", "(주)뷰티라운지"],
    [picks.id, "신한은행", "110-456-789012", "에디터픽"],
    [bistro.id, "농협은행", "351-2345-6789-03", "한끼식당"],
    [studio.id, "우리은행", "1002-345-678901", "주식회사 모노스튜디오"],
  ];
  for (const [id, bank, account, holder] of banks) {
    seed.statements.push({
      sql: "UPDATE shops SET bank_name = ?, bank_account = ?, bank_holder = ? WHERE id = ? AND bank_account IS NULL",
      params: [bank, account, holder, id],
    });
  }

  // The seller details the law asks for before a shop takes orders (decision 175), and its fees
  // taken as set: every demo shop sells. Filled where empty only: a developer's own change is kept.
  const sellers: [number, SellerType, string, string, string][] = [
    [beauty.id, "corporate", "2026-서울강남-01234", "서울특별시 강남구 테헤란로 123, 4층", "cs@beauty.example.test"],
    [picks.id, "sole", "2026-서울성동-02345", "서울특별시 성동구 왕십리로 83-21", "hello@picks.example.test"],
    [bistro.id, "sole", "2026-부산해운대-03456", "부산광역시 해운대구 해운대로 45", "hello@bistro.example.test"],
    [studio.id, "corporate", "2026-서울마포-05678", "서울특별시 마포구 양화로 12길 3", "hello@shop.example.test"],
  ];
  for (const [id, type, singo, address, email] of sellers) {
    seed.statements.push({
      sql: `UPDATE shops SET seller_type = COALESCE(seller_type, ?), idnum_singo = COALESCE(idnum_singo, ?),
              address = COALESCE(address, ?), email = COALESCE(email, ?),
              delivery_set_at = COALESCE(delivery_set_at, 0) WHERE id = ?`,
      params: [type, singo, address, email, id],
    });
  }

  addNotices(seed, beauty.id, 1, [
    ["설 연휴 배송 안내", "연휴 기간에는 출고가 중단됩니다. 연휴 전날 오후 2시 주문까지 당일 출고됩니다.", true],
    ["신규 회원 2,000 포인트 적립", "회원가입 후 바로 사용할 수 있는 2,000 포인트를 드립니다."],
    ["개인정보처리방침 개정 안내", "개정된 개인정보처리방침이 다음 달 1일부터 적용됩니다."],
    ...Array.from({ length: 20 }, (_, i): [string, string] => [
      `이번 주 입고 소식 ${20 - i}호`,
      `이번 주에 새로 들어온 상품과 재입고 상품을 안내해 드립니다. (${20 - i}호)`,
    ]),
  ]);
  addNotices(seed, picks.id, 101, [["에디터 픽을 소개합니다", "매주 에디터가 직접 써 보고 고른 상품을 소개합니다."]]);
  addNotices(seed, bistro.id, 201, [
    ["영업시간 안내", "매일 11:00 ~ 21:00 (브레이크 타임 15:00 ~ 17:00)", true],
    ["포장 주문 가능", "모든 메뉴 포장 주문이 가능합니다."],
  ]);
  addNotices(seed, studio.id, 301, [
    ["공방 클래스 오픈", "매주 토요일 도자기 원데이 클래스를 운영합니다."],
    ["수작업 상품 안내", "모든 도자기는 손으로 빚어 조금씩 모양과 색이 다를 수 있습니다."],
  ]);

  return seed;
}

/** Every demo account's password (README). */
export const DEMO_PASSWORD = "demo1234!";

/** Demo members: each shop's owner (uid = the shop's uid), a shopper and a platform admin. */
export const DEMO_ACCOUNTS = [
  { uid: DEMO.beauty.uid, email: "owner@beauty.example.test", name: "김지현", admin: 0 },
  { uid: DEMO.picks.uid, email: "owner@picks.example.test", name: "박서준", admin: 0 },
  { uid: DEMO.bistro.uid, email: "owner@bistro.example.test", name: "이민호", admin: 0 },
  { uid: DEMO.studio.uid, email: "owner@studio.example.test", name: "정하늘", admin: 0 },
  { uid: 2001, email: "shopper@example.test", name: "한지민 🛍️", admin: 0 },
  { uid: 9001, email: "admin@example.test", name: "플랫폼 관리자", admin: 1 },
] as const;

/** Account rows, hashed with the same PBKDF2 code as sign-up; only for accounts not there yet. */
async function accountStatements(db: Db): Promise<SeedStatement[]> {
  const ids = DEMO_ACCOUNTS.map((a) => a.uid);
  const { results } = await db
    .prepare(`SELECT uid FROM members WHERE uid IN (${ids.map(() => "?").join(", ")})`)
    .bind(...ids)
    .all<{ uid: number }>();
  const present = new Set(results.map((r) => r.uid));
  const missing = DEMO_ACCOUNTS.filter((a) => !present.has(a.uid));
  return Promise.all(
    missing.map(async (a) => insert("members", { ...a, password_hash: await hashPassword(DEMO_PASSWORD) })),
  );
}

/**
 * Toss Payments test keys of the API family (standard window) for beauty and bistro, answered by the
 * local stand-in (scripts/lib/toss-standin.mjs: a client key and a secret key with the same body
 * are one merchant). Test keys move no money, and Toss would refuse these: public on purpose.
 * picks and studio keep bank transfer only.
 */
export const DEMO_TOSS_KEYS = {
  beauty: {
    shopId: DEMO.beauty.id,
    ownerUid: DEMO.beauty.uid,
    clientKey: "test_ck_demo_beauty_0001",
    secretKey: "test_sk_demo_beauty_0001",
  },
  bistro: {
    shopId: DEMO.bistro.id,
    ownerUid: DEMO.bistro.uid,
    clientKey: "test_ck_demo_bistro_0001",
    secretKey: "test_sk_demo_bistro_0001",
  },
} as const;

/**
 * studio paid through the platform's Toss contract (decision 178), as `npm start` serves it: its
 * seller registered before (the local stand-in starts knowing it, scripts/lib/platform-contract.mjs
 * DEMO_SELLERS, the same id). Tests keep studio on bank transfers; the platform's own flow has its
 * tests (test/worker/payments/payouts.test.ts, test/e2e/platform-payouts.spec.ts).
 */
function platformDemoStatements(): SeedStatement[] {
  const { studio } = DEMO;
  return [
    { sql: "UPDATE shops SET pay_via = 'platform' WHERE id = ? AND pay_via IS NULL", params: [studio.id] },
    insert("payout_sellers", {
      shop_id: studio.id,
      seller_id: DEMO_PLATFORM_SELLER,
      ref_seller_id: `shop-${studio.id}`,
      business_type: "CORPORATE",
      status: "PARTIALLY_APPROVED",
      name: "주식회사 모노스튜디오",
      bank_code: "88",
      account_last4: "5678",
      holder: "주식회사 모노스튜디오",
      registered_by: studio.uid,
      created_at: 0,
      updated_at: 0,
    }),
  ];
}

/** The demo keys' rows, the secret sealed under the platform secret in use (decision 101). */
async function paymentKeyStatements(platformSecret: string): Promise<SeedStatement[]> {
  return Promise.all(
    Object.values(DEMO_TOSS_KEYS).map(async (k) =>
      insert("shop_payment_keys", {
        shop_id: k.shopId,
        provider: "toss",
        family: "api",
        mode: "test",
        client_key: k.clientKey,
        secret_sealed: await sealSecret(platformSecret, k.shopId, k.secretKey),
        secret_last4: k.secretKey.slice(-4),
        updated_by: k.ownerUid,
        updated_at: 0,
      }),
    ),
  );
}

/**
 * Writes a seed into D1 (one atomic batch) and R2. `paymentKeysSecret`: the platform secret that
 * seals shops' payment keys where the seed is served (PAYMENT_KEYS_SECRET); given, beauty and
 * bistro get their Toss test keys (DEMO_TOSS_KEYS), kept as they are when already set.
 */
export async function applySeed(
  db: Db,
  files: R2Bucket,
  seed: Seed = demoSeed(),
  { paymentKeysSecret, platformDemo = false }: { paymentKeysSecret?: string; platformDemo?: boolean } = {},
): Promise<void> {
  const accounts = await accountStatements(db);
  const keys = paymentKeysSecret ? await paymentKeyStatements(paymentKeysSecret) : [];
  const platform = platformDemo ? platformDemoStatements() : [];
  await db.batch(
    [...seed.statements, ...accounts, ...keys, ...platform].map((s) => db.prepare(s.sql).bind(...s.params)),
  );
  await Promise.all(seed.files.map((f) => files.put(f.key, f.body, { httpMetadata: { contentType: f.contentType } })));
}
