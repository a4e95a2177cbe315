import { Center, SegmentedControl, Tooltip, VisuallyHidden, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun, type Icon } from '@tabler/icons-react';

const OPTIONS: { value: MantineColorScheme; label: string; icon: Icon }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'auto', label: 'Same as system', icon: IconDeviceDesktop },
  { value: 'dark', label: 'Dark', icon: IconMoon },
];

function isColorScheme(value: string): value is MantineColorScheme {
  return OPTIONS.some((option) => option.value === value);
}

/** Light / system / dark; Mantine's colour scheme manager keeps the choice in localStorage. */
export function ThemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      size="xs"
      aria-label="Colour scheme"
      value={colorScheme}
      onChange={(value) => {
        if (isColorScheme(value)) setColorScheme(value);
      }}
      data={OPTIONS.map(({ value, label, icon: OptionIcon }) => ({
        value,
        label: (
          <Tooltip label={label} withArrow openDelay={300}>
            <Center>
              <OptionIcon size={16} aria-hidden />
              <VisuallyHidden>{label}</VisuallyHidden>
            </Center>
          </Tooltip>
        ),
      }))}
    />
  );
}
