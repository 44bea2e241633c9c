import { describe, expect, it } from 'vitest';
import { embeddableVideoUrl } from './video-url';

describe('embeddableVideoUrl (the video help URL rule)', () => {
  it('embeds {host}/video/{numeric id} and the player URL form', () => {
    expect(embeddableVideoUrl('https://vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(embeddableVideoUrl('https://player.vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(embeddableVideoUrl(' https://player.vimeo.com/video/76979871/?h=ab12cd34ef ')).toBe('https://player.vimeo.com/video/76979871?h=ab12cd34ef&dnt=1');
  });

  it('embeds nothing else', () => {
    for (const url of [
      'https://vimeo.com/76979871',
      'https://vimeo.com/video/abc',
      'https://vimeo.com/video/123/extra',
      'http://player.vimeo.com/video/123',
      'https://evil.example/video/123',
      'https://player.vimeo.com.evil.example/video/123',
      'https://user:pw@player.vimeo.com/video/123',
      'https://player.vimeo.com:8443/video/123',
      'javascript:alert(1)//player.vimeo.com/video/1',
      'https://www.youtube.com/watch?v=123',
      '/video/123',
      '',
    ]) {
      expect(embeddableVideoUrl(url), url).toBeNull();
    }
  });

  it('drops a privacy hash that is not one', () => {
    expect(embeddableVideoUrl('https://player.vimeo.com/video/1?h=<script>')).toBe('https://player.vimeo.com/video/1?dnt=1');
  });
});
