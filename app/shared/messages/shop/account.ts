/** What the shell (drawer, header) says about the member; account pages use koAuth. */
export const koMemberBox = {
  greeting: (name: string) => `${name}님, 안녕하세요`,
  settings: "설정",
  logout: "로그아웃",
} as const;
