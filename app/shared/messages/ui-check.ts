/** Text of the /test page (part of the Korean catalogue, shipped only with that page). */
export const koUiCheck = {
  title: "화면 요소 점검",
  needsScript: "이 페이지의 요소는 자바스크립트가 켜져 있어야 동작합니다.",
  snackbarBottom: "스낵바 (아래)",
  snackbarTop: "스낵바 (위)",
  infoBar: "안내 바",
  confirm: "확인 창",
  prompt: "입력 창",
  modal: "모달",
  result: "결과",
  sampleSnackbar: "장바구니에 담았습니다.",
  sampleInfo: "새 공지사항이 있습니다.",
  sampleConfirm: "정말 진행할까요?",
  samplePrompt: "받는 분 이름을 입력해 주세요.",
  sampleModal: "모달 창입니다.",
} as const;
