export { loader, default } from "./$";
