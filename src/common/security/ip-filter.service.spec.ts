import { Logger } from '@nestjs/common';
import { loadConfig } from '../../config/app.config';
import { parseAllowList } from './allow-list';
import { IpFilterService, type DnsLookup } from './ip-filter.service';

describe(parseAllowList.name, () => {
  it('sorts addresses, ranges and host names', () => {
    expect(parseAllowList(' 10.0.0.1, 192.168.0.0/16 ,::1,2001:db8::/32, Office.Example.CH ,,')).toEqual({
      addresses: ['10.0.0.1', '::1'],
      subnets: [
        { network: '192.168.0.0', prefix: 16, family: 'ipv4' },
        { network: '2001:db8::', prefix: 32, family: 'ipv6' },
      ],
      hostnames: ['office.example.ch'],
    });
  });

  it('is empty for an empty setting', () => {
    expect(parseAllowList('')).toEqual({ addresses: [], subnets: [], hostnames: [] });
  });

  it.each([
    '10.0.0.0/33',
    '::/129',
    'office/24',
    '10.0.0.1/-1',
    'bad_name!',
    'http://x.example',
    '-leading.example',
    '300.1.1.1',
    '10.0.0.256',
  ])('refuses %j naming the entry', (entry) => {
    expect(() => parseAllowList(`127.0.0.1,${entry}`)).toThrow(entry);
  });
});

describe(IpFilterService.name, () => {
  const service = (allow: string, lookup?: DnsLookup) =>
    new IpFilterService(loadConfig({ IP_FILTER_ALLOW: allow, IP_FILTER_REFRESH_SECONDS: '5' }), lookup);

  it('lets everyone in when the allow list is empty', () => {
    const sut = service('');
    expect(sut.enabled).toBe(false);
    expect(sut.isAllowed('203.0.113.9')).toBe(true);
  });

  it('allows exact addresses, in IPv4, IPv6 and IPv4-mapped IPv6 form', () => {
    const sut = service('203.0.113.9,2001:db8::1');
    expect(sut.isAllowed('203.0.113.9')).toBe(true);
    expect(sut.isAllowed('::ffff:203.0.113.9')).toBe(true);
    expect(sut.isAllowed('2001:db8::1')).toBe(true);
    expect(sut.isAllowed('203.0.113.10')).toBe(false);
    expect(sut.isAllowed('2001:db8::2')).toBe(false);
  });

  it('allows CIDR ranges', () => {
    const sut = service('10.20.0.0/16,2001:db8:1::/48');
    expect(sut.isAllowed('10.20.255.1')).toBe(true);
    expect(sut.isAllowed('::ffff:10.20.0.7')).toBe(true);
    expect(sut.isAllowed('10.21.0.1')).toBe(false);
    expect(sut.isAllowed('2001:db8:1:ffff::5')).toBe(true);
    expect(sut.isAllowed('2001:db8:2::5')).toBe(false);
  });

  it('refuses a missing or malformed client address when the filter is on', () => {
    const sut = service('10.0.0.0/8');
    expect(sut.isAllowed(undefined)).toBe(false);
    expect(sut.isAllowed('')).toBe(false);
    expect(sut.isAllowed('not-an-ip')).toBe(false);
  });

  it('allows what DNS names resolve to, and follows them when they change', async () => {
    let answer = ['198.51.100.7'];
    const lookup = jest.fn(async () => answer);
    const sut = service('office.example.ch', lookup);
    expect(sut.isAllowed('198.51.100.7')).toBe(false);
    await sut.onModuleInit();
    expect(lookup).toHaveBeenCalledWith('office.example.ch');
    expect(sut.isAllowed('198.51.100.7')).toBe(true);
    answer = ['198.51.100.8'];
    await sut.refresh();
    expect(sut.isAllowed('198.51.100.7')).toBe(false);
    expect(sut.isAllowed('198.51.100.8')).toBe(true);
    sut.onApplicationShutdown();
  });

  it('keeps the last known addresses of a name whose lookup fails', async () => {
    const lookup = jest
      .fn<Promise<string[]>, [string]>()
      .mockResolvedValueOnce(['198.51.100.7'])
      .mockRejectedValue(new Error('SERVFAIL'));
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const sut = service('office.example.ch,10.0.0.1', lookup);
    await sut.onModuleInit();
    await sut.refresh();
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot resolve office.example.ch: SERVFAIL'));
    warn.mockRestore();
    expect(sut.isAllowed('198.51.100.7')).toBe(true);
    expect(sut.isAllowed('10.0.0.1')).toBe(true);
    sut.onApplicationShutdown();
  });

  it('re-resolves on a timer of IP_FILTER_REFRESH_SECONDS', async () => {
    jest.useFakeTimers();
    try {
      const lookup = jest.fn(async () => ['198.51.100.7']);
      const sut = service('office.example.ch', lookup);
      await sut.onModuleInit();
      expect(lookup).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(5000);
      expect(lookup).toHaveBeenCalledTimes(2);
      sut.onApplicationShutdown();
      await jest.advanceTimersByTimeAsync(20000);
      expect(lookup).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
