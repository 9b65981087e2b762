export const koSeo = {
  defaultDescription: (shop: string) => `${shop}의 상품과 소식을 만나 보세요.`,
  home: "홈",
} as const;
