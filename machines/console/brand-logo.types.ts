/** A chosen file, as the machine reads it: its name, size and type, and the file itself to send. */
export interface ChosenLogo {
  name: string;
  size: number;
  type: string;
  file: Blob;
}

/** Why a logo was refused: its type or size (here or by the server), or its pixels (the server). */
export type LogoRefusal = 'logoNotAnImage' | 'logoTooLarge' | 'logoTooManyPixels';

/** Why a call failed as a whole: signed out meanwhile, the network, the server. */
export type LogoFailure = 'expired' | 'network' | 'serverError';

/** The stored logo, as shown: where it loads from (null: none). */
export interface StoredLogo {
  url: string | null;
}

export interface BrandLogoContext {
  logo: StoredLogo;
  /** The file being sent, or last refused. */
  chosen: { name: string; size: number; type: string } | null;
  pending: Blob | null;
  refusal: LogoRefusal | null;
  failure: LogoFailure | null;
  notice: 'uploaded' | 'removed' | null;
}

export type BrandLogoEvent = { type: 'logo.choose'; logo: ChosenLogo } | { type: 'logo.remove' } | { type: 'logo.confirm' } | { type: 'logo.cancel' };
