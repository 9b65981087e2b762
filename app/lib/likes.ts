/** Where the ♡ forms post (the favourites page's action) and their fields. */
export const LIKE_ACTION = "/myshop/favorite";
export const likeField = { pid: "pid", like: "like", back: "back", js: "js" } as const;
