import * as z from "zod";

/** A checkbox: present ('on') means yes. JSON callers may send a boolean. */
export const checkbox = z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true", z.boolean());

/** A checkbox that must be ticked, with the message that says why. */
export const requiredBox = (error: string) => checkbox.refine((v) => v, { error });
