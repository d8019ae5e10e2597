import { describe, expect, it } from 'vitest';
import { scaledSizes } from './image-scaling.ts';

describe('scaledSizes', () => {
  it('makes 320 and 960 wide, keeping the ratio', () => {
    expect(scaledSizes({ width: 4000, height: 3000 })).toEqual([
      { width: 320, height: 240 },
      { width: 960, height: 720 },
    ]);
    expect(scaledSizes({ width: 1200, height: 1800 })).toEqual([
      { width: 320, height: 480 },
      { width: 960, height: 1440 },
    ]);
  });

  it('never upscales: a 500 px image gives 320 and 500', () => {
    expect(scaledSizes({ width: 500, height: 300 })).toEqual([
      { width: 320, height: 192 },
      { width: 500, height: 300 },
    ]);
    expect(scaledSizes({ width: 100, height: 50 })).toEqual([
      { width: 100, height: 50 },
      { width: 100, height: 50 },
    ]);
  });

  it('rounds heights and keeps at least a pixel', () => {
    expect(scaledSizes({ width: 1000, height: 333 })[0]).toEqual({ width: 320, height: 107 });
    expect(scaledSizes({ width: 5000, height: 1 })[0]).toEqual({ width: 320, height: 1 });
  });

  it('refuses an image without a size', () => {
    expect(() => scaledSizes({ width: 0, height: 10 })).toThrow();
  });
});
