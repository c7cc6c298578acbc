import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/http/errors';
import { useTestConfig } from '../test/test-config';
import { capFrom413, resetZipCapForTests, useZipCap } from './zip-cap';

const refusal = (detail: string) => new ApiError({ kind: 'http', status: 413, endpoint: '/api/imagery/q', detail });

describe('capFrom413', () => {
  it('takes the cap the refusal states, below what was asked', () => {
    expect(capFrom413(refusal('Too many images for one ZIP: 72 requested, at most 30 per download.'), 72)).toEqual({
      cap: 30,
      stated: true,
    });
    expect(capFrom413(refusal('Maximum 2,000 images per download (2,500 requested)'), 2500)).toEqual({
      cap: 2000,
      stated: true,
    });
  });

  it('halves what was asked when the refusal names no usable number', () => {
    expect(capFrom413(refusal('Payload Too Large'), 2500)).toEqual({ cap: 1250, stated: false });
    // A number not below the request is not a cap for it.
    expect(capFrom413(refusal('limit is 5000 images'), 3000)).toEqual({ cap: 1500, stated: false });
    expect(capFrom413(refusal('too large'), 1)).toEqual({ cap: 1, stated: false });
  });
});

describe('useZipCap', () => {
  beforeEach(() => {
    useTestConfig({ downloadMaxImages: 2000 });
    resetZipCapForTests();
    sessionStorage.clear();
  });

  it('is the configured cap until a lower one is learned, which the session keeps per service', () => {
    const { result } = renderHook(() => useZipCap());
    expect(result.current).toMatchObject({ cap: 2000, learned: false });
    act(() => result.current.learn(700));
    expect(result.current).toMatchObject({ cap: 700, learned: true });
    // Never raised by a later, larger figure.
    act(() => result.current.learn(900));
    expect(result.current.cap).toBe(700);
    expect(sessionStorage.getItem('volcano-zip-cap')).toContain('"http://api.test":700');
    // Another service host has learned nothing.
    useTestConfig({ apiBaseUrl: 'http://other.test', downloadMaxImages: 2000 });
    expect(renderHook(() => useZipCap()).result.current.cap).toBe(2000);
  });
});
