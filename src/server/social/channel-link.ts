/** The player channel as the social routes reach it (src/server/channel/notify.ts). */
export { notify, presenceOf } from "../channel/notify";
