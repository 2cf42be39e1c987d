/**
 * The card processor's side of paying: the brands it reports and the messages its card-fields
 * page (the reference server's sandbox serves it at /processor/ on an origin of its own) posts to
 * the portal, with the processor's origin. The portal asks it to tokenize with { type: 'processor.tokenize' }, and whether it is
 * ready with { type: 'processor.ping' }. The page also reports its content's height, so the portal
 * sizes the frame to it and no error message is ever cut off.
 */
import * as v from 'valibot';

/**
 * The `<meta name>` by which every page the portal serves tells the SPA the processor's origin
 * (`<meta name="pbp-card-fields-origin" content="http://localhost:8081">`).
 */
export const cardFieldsOriginMetaName = 'pbp-card-fields-origin';

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export const cardBrandSchema = v.picklist(cardBrands);
export type CardBrand = v.InferOutput<typeof cardBrandSchema>;

/** A single-use card token as the processor issues it. */
export const cardTokenPattern = /^tok_[A-Za-z0-9_-]{8,64}$/;

/** What the portal keeps of a tokenized card: the token, the brand and the last four digits. */
export interface CardToken {
  token: string;
  brand: CardBrand;
  last4: string;
}

export const processorMessageTypes = ['processor.ready', 'processor.token', 'processor.invalid', 'processor.error', 'processor.height'] as const;

/** The tallest card-fields page the portal believes, in CSS pixels: more would be a broken page. */
export const maxCardFieldsHeight = 4000;
/**
 * One flat shape rather than a union per type, so the SPA's parser needs no more of valibot than
 * the first page already loads: a token message carries token, brand and last4; `invalid` means
 * the fields are not valid (the page shows which, in its own language); `height` is the page's
 * content height in CSS pixels (the SPA ignores one above `maxCardFieldsHeight`; checking it
 * here would bring one more valibot action to the first page).
 */
export const processorMessageSchema = v.object({
  type: v.picklist(processorMessageTypes),
  token: v.optional(v.pipe(v.string(), v.regex(cardTokenPattern))),
  brand: v.optional(cardBrandSchema),
  last4: v.optional(v.pipe(v.string(), v.regex(/^\d{4}$/))),
  height: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type ProcessorMessage = v.InferOutput<typeof processorMessageSchema>;
