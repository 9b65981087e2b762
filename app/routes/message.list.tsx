// /message/list is /message (spec §2 names both).
export { default, loader, meta } from "./message._index";
