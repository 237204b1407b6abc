import { describe, expect, it } from 'vitest';
import { checkInUrl, qrFileName } from './checkInUrl.js';

describe('room check-in QR address', () => {
  const room = { SiteId: 1, LocationId: 2, Id: 3, Name: 'Salle Café 1' };
  it('is absolute, under the base path, with the name slug', () => {
    expect(checkInUrl('https://desk.example.org', '/hotdesk', room)).toBe('https://desk.example.org/hotdesk/check-in/1/2/3?rn=salle-cafe-1');
    expect(checkInUrl('http://localhost:8080', '', room)).toBe('http://localhost:8080/check-in/1/2/3?rn=salle-cafe-1');
  });
  it('names the PNG after the room', () => {
    expect(qrFileName(room)).toBe('check-in-salle-cafe-1-3.png');
    expect(qrFileName({ Id: 9, Name: '★' })).toBe('check-in-room-9.png');
  });
});
