import { RemoveScroll as Library } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll } from './remove-scroll-class-names';

describe('the app shell\'s scroll-lock class names', () => {
  it('are the ones the modals\' scroll lock moves', () => {
    expect(RemoveScroll.classNames).toEqual(Library.classNames);
  });
});
