import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../config.js';
import { parseInboundConfig, parseRelays } from './inboundConfig.js';
import { parseAuthResults, senderTrust } from './senderTrust.js';

const cfg = { trustedRelays: parseRelays('10.0.0.0/8, 192.0.2.7, 2001:db8::/32').list, authservId: 'mx.hq.example' };
const trust = (remoteIp: string, from: string, ...authResults: string[]) => senderTrust(cfg, { remoteIp, from, authResults });

describe('senderTrust', () => {
  it('trusts the configured relays (addresses and CIDR ranges, IPv4-mapped too)', () => {
    expect(trust('10.1.2.3', 'a@hq.example')).toEqual({ trusted: true, by: 'relay' });
    expect(trust('::ffff:192.0.2.7', 'a@hq.example')).toEqual({ trusted: true, by: 'relay' });
    expect(trust('2001:db8::5', 'a@hq.example')).toEqual({ trusted: true, by: 'relay' });
    expect(trust('192.0.2.8', 'a@hq.example').trusted).toBe(false);
  });

  it('trusts dkim=pass or spf=pass for the From domain from the configured authserv-id only', () => {
    expect(trust('203.0.113.1', 'a@hq.example', 'mx.hq.example; dkim=pass header.d=hq.example')).toEqual({ trusted: true, by: 'dkim' });
    expect(trust('203.0.113.1', 'a@eu.hq.example', 'MX.HQ.EXAMPLE 1; dkim=pass (good) header.d=hq.example')).toEqual({ trusted: true, by: 'dkim' });
    expect(trust('203.0.113.1', 'a@hq.example', 'mx.hq.example; dkim=none; spf=pass smtp.mailfrom=bounce@hq.example')).toEqual({ trusted: true, by: 'spf' });
    expect(trust('203.0.113.1', 'a@hq.example', 'other.example; dkim=pass header.d=hq.example').trusted).toBe(false);
    expect(trust('203.0.113.1', 'a@hq.example', 'mx.hq.example; dkim=pass header.d=nothq.example').trusted).toBe(false);
    expect(trust('203.0.113.1', 'a@hq.example', 'mx.hq.example; dkim=fail header.d=hq.example; spf=fail smtp.mailfrom=a@hq.example').trusted).toBe(false);
    expect(trust('203.0.113.1', 'a@hq.example', 'mx.hq.example; spf=pass smtp.mailfrom=a@evil.example').trusted).toBe(false);
    expect(trust('203.0.113.1', 'a@hq.example').trusted).toBe(false);
  });

  it('reads comments and quoted values out of the header', () => {
    expect(parseAuthResults('mx.hq.example (postfix); dkim=pass (2048-bit key) header.d="hq.example"').results[0]).toEqual({ method: 'dkim', result: 'pass', props: { 'header.d': 'hq.example' } });
  });
});

describe('parseInboundConfig', () => {
  it('is off without INBOUND_SMTP_PORT, and listens on loopback by default', () => {
    expect(parseInboundConfig({}).config).toBeUndefined();
    const { config } = parseInboundConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_AUTHSERV_ID: 'mx.hq.example' });
    expect(config).toMatchObject({ port: 2525, host: '127.0.0.1', maxMessageBytes: 1_048_576, maxPerSenderPerHour: 60 });
  });

  it('names each bad value', () => {
    expect(parseInboundConfig({ INBOUND_SMTP_PORT: '2525' }).problems[0]).toMatch(/INBOUND_SMTP_TRUSTED_RELAYS or INBOUND_AUTHSERV_ID/);
    expect(parseInboundConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_SMTP_TRUSTED_RELAYS: '10.0.0.0/33,hello' }).problems[0]).toMatch(/10\.0\.0\.0\/33, hello/);
    expect(parseInboundConfig({ INBOUND_ROOM_ADDRESS_PATTERN: 'room@book.example.org' }).problems[0]).toMatch(/\{slug\}/);
    expect(parseInboundConfig({ INBOUND_SMTP_PORT: 'x' }).problems[0]).toMatch(/INBOUND_SMTP_PORT/);
  });

  it('stops start-up through parseConfig on a bad value, and is part of the configuration otherwise', () => {
    expect(() => parseConfig({ INBOUND_SMTP_PORT: '2525' })).toThrow(ConfigError);
    expect(parseConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_SMTP_TRUSTED_RELAYS: '10.0.0.1' }).inbound?.trustedRelayText).toEqual(['10.0.0.1']);
    expect(parseConfig({}).inbound).toBeUndefined();
  });
});
