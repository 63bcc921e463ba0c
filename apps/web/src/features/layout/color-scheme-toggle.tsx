/**
 * `ColorSchemeToggle`: switches between the light and the dark theme (docs/accessibility.md#the-theme).
 * Until it is used the app follows the system's setting; the choice is then kept on this device.
 * Its name says what pressing it does ("Use dark theme"), so it reads right before and after.
 */
import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

import { MoonIcon, SunIcon } from '../../components/icons';

export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = current === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={`Use ${next} theme`}
      title={`Use ${next} theme`}
      onClick={() => setColorScheme(next)}
    >
      {current === 'dark' ? <SunIcon /> : <MoonIcon />}
    </ActionIcon>
  );
}
