/** /my/login: the account area's login, the same page as /user/login (spec: footer hidden there too). */
export { action, default, loader, meta } from "./_auth.user.login";
