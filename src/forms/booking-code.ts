/**
 * Booking codes for rental reservations: what a visitor reads out or shows at the shop's counter.
 * Eight characters from an alphabet without the look-alikes 0/O, 1/I/L (and lower case), so a
 * code copied from a phone screen or said over the noise of a shop is never misread. 31 symbols,
 * 8 places: about 8.5 × 10¹¹ codes, so guessing one is hopeless and a clash is rare; the table's
 * UNIQUE constraint catches the rare clash and the receiver draws again (receiver.ts).
 */
export const BOOKING_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BOOKING_CODE_LENGTH = 8;
export const BOOKING_CODE_PATTERN = new RegExp(
  `^[${BOOKING_CODE_ALPHABET}]{${BOOKING_CODE_LENGTH}}$`,
);

const fill = (bytes: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(bytes);

/**
 * A new random code. Bytes above the largest multiple of the alphabet's size are drawn again, so
 * every symbol is equally likely (a plain `byte % 31` would favour the first symbols).
 */
export function newBookingCode(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = fill,
): string {
  const size = BOOKING_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < BOOKING_CODE_LENGTH) {
    for (const byte of random(new Uint8Array(BOOKING_CODE_LENGTH))) {
      if (byte < limit && code.length < BOOKING_CODE_LENGTH)
        code += BOOKING_CODE_ALPHABET[byte % size];
    }
  }
  return code;
}
