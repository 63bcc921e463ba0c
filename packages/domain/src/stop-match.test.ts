import { describe, expect, it } from 'vitest';

import { lookalikeStop, looksLikeSameStop, stopChoiceLabel, stopChoices, stopMatchKey } from './stop-match';

describe('stopMatchKey', () => {
  it.each([
    ['Clementi MRT, Exit B (bus stop)', 'clementi mrt exit b'],
    ['Clementi MRT ext. B', 'clementi mrt exit b'],
    ['Block 123 Bedok North', 'blk 123 bedok north'],
    ['Tampines Station [near the taxi stand]', 'tampines stn'],
    ['  Opp. Jurong East Stn  ', 'jurong east stn'],
    ['(nothing but a note)', ''],
  ])('%s reads as %s', (typed, key) => {
    expect(stopMatchKey(typed)).toBe(key);
  });
});

describe('looksLikeSameStop', () => {
  it('matches two spellings of one stop and not two stops', () => {
    expect(looksLikeSameStop('Clementi MRT exit B', 'Clementi MRT, Exit B (bus stop)')).toBe(true);
    expect(looksLikeSameStop('Clementi MRT exit B', 'Clementi MRT exit A')).toBe(false);
    expect(looksLikeSameStop('(note)', '[note]')).toBe(false);
  });
});

describe('stopChoices', () => {
  it('lists each place once with its first rider', () => {
    expect(
      stopChoices([
        { location: 'Clementi MRT Exit B ', name: 'Ben' },
        { location: 'clementi mrt exit b', name: 'Ann' },
        { location: 'Jurong East', name: 'Cai' },
        { location: '  ', name: 'Dan' },
      ]),
    ).toEqual([
      { location: 'Clementi MRT Exit B', name: 'Ben' },
      { location: 'Jurong East', name: 'Cai' },
    ]);
  });

  it('says whose stop it is', () => {
    expect(stopChoiceLabel({ location: 'Clementi MRT Exit B', name: 'Ben' })).toBe(
      'Same stop as Ben: Clementi MRT Exit B',
    );
  });
});

describe('lookalikeStop', () => {
  const stops = [{ location: 'Clementi MRT exit B', name: 'Ben' }];

  it('warns of a place that looks like an existing stop', () => {
    expect(lookalikeStop('Clementi MRT, Exit B (bus stop)', stops)).toEqual(stops[0]);
  });

  it('stays quiet for the stop typed alike, another place or nothing', () => {
    expect(lookalikeStop('clementi mrt exit b.', stops)).toBeNull();
    expect(lookalikeStop('Jurong East', stops)).toBeNull();
    expect(lookalikeStop('', stops)).toBeNull();
  });
});
