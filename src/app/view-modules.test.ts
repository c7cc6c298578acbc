import { viewOfPath } from './view-modules';

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
