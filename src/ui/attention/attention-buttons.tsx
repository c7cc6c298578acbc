/** The clicks that let attention reach a person: sound (a kiosk) and notifications (a desk). */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { enableSound, soundOn } from './attention-signals';

/**
 * Turns on the tone for rises: browsers let a page play sound only after a click, so a kiosk is
 * clicked once when it is set up. Says when it is on.
 */
export function SoundButton({ className }: { className?: string }) {
  const { t } = useLingui();
  const [on, setOn] = useState(soundOn);
  if (on) return <p className={`${className ?? ''} attention-sound-on`}>{t`Sound on for rises`}</p>;
  return (
    <button type="button" className={className} onClick={() => void enableSound().then(setOn)}>
      {t`Sound for rises`}
    </button>
  );
}

/** Asks, on a click and never on load, for browser notifications of rises; says a refusal. */
export function NotifyButton({ className }: { className?: string }) {
  const { t } = useLingui();
  const [permission, setPermission] = useState(() =>
    typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
  );
  if (permission === 'granted' || permission === 'unsupported') return null;
  if (permission === 'denied')
    return <p className={`${className ?? ''} attention-sound-on`}>{t`Notifications blocked in this browser`}</p>;
  return (
    <button
      type="button"
      className={className}
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      {t`Notify me of rises`}
    </button>
  );
}
