import { whatsAppNumber } from './whatsapp-number';

test('a Mexican number as families type it gets 52; one with its country code stays', () => {
  expect(whatsAppNumber('55 1234 5678')).toBe('525512345678');
  expect(whatsAppNumber('+52 (55) 1234-5678')).toBe('525512345678');
  expect(whatsAppNumber('+1 415 555 0100')).toBe('14155550100');
});

test('no phone, or one too short to be a number, is no WhatsApp', () => {
  expect(whatsAppNumber(null)).toBeNull();
  expect(whatsAppNumber(undefined)).toBeNull();
  expect(whatsAppNumber('1234')).toBeNull();
});
