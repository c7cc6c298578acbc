import { viewOfPath, drawsRsam } from './view-modules';

describe('viewOfPath', () => {
  it.each([
    ['/', 'home'],
    ['/seismic', 'seismic'],
    ['/seismic/', 'seismic'],
    ['/imagery', 'imagery'],
    ['/volcano/311240', 'volcano'],
    ['/volcano', 'notFound'],
    ['/volcano/', 'notFound'],
    ['/wall', 'wall'],
    ['/settings', 'settings'],
    ['/home', 'notFound'],
    ['/notFound', 'notFound'],
    ['/toString', 'notFound'],
    ['/nope', 'notFound'],
  ])('%s opens %s', (path, view) => {
    expect(viewOfPath(path)).toBe(view);
  });
});

describe('drawsRsam (the entry starts the parse worker for these)', () => {
  it.each([
    ['/seismic', true],
    ['/volcano/311240', true],
    ['/wall', true],
    ['/', false],
    ['/imagery', false],
    ['/legacy', false],
    ['/volcano', false],
    ['/settings', false],
  ])('%s: %s', (path, draws) => {
    expect(drawsRsam(path)).toBe(draws);
  });
});
