import { useEffect, useState } from 'react';
import { cls } from '../components/cls';
import { PauseIcon, PlayIcon } from '../components/icons';
import { REDUCED_MOTION, useMediaQuery } from './browser-hooks';
import { nextTextIndex, ROTATING_TEXT_INTERVAL_MS } from './rotating-text';

export interface RotatingTextProps {
  texts: string[];
  intervalMs?: number;
  labels: { pause: string; play: string };
}

/**
 * The footer's rotating reassurance text (SPEC §2.2, every 2000 ms). It pauses while pointed at and
 * has a pause button (WCAG 2.2.2); with reduced motion it starts paused. Not a live
 * region: announcing a new sentence every two seconds would drown a screen reader.
 */
export default function RotatingText({ texts, intervalMs = ROTATING_TEXT_INTERVAL_MS, labels }: RotatingTextProps) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const [index, setIndex] = useState(0);
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const playing = userPlaying ?? !reducedMotion;
  const running = playing && !hovered && texts.length > 1;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => nextTextIndex(i, texts.length)), intervalMs);
    return () => window.clearInterval(timer);
  }, [running, intervalMs, texts.length]);

  if (texts.length === 0) return null;
  return (
    <div
      className={cls('rotating-text', running && 'is-running')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <p className="rotating-text__item" key={index}>
        {texts[index]}
      </p>
      {texts.length > 1 && (
        <button type="button" className="rotating-text__toggle icon-button" onClick={() => setUserPlaying(!playing)}>
          {playing ? <PauseIcon /> : <PlayIcon />}
          <span className="visually-hidden">{playing ? labels.pause : labels.play}</span>
        </button>
      )}
    </div>
  );
}
