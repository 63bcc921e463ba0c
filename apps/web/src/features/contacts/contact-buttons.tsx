/**
 * `<ContactButtons contacts={...} show={['whatsapp', 'malaysian', 'discord', 'revolut']} />`: one
 * icon button per contact kind (docs/product.md#contact-actions):
 * - WhatsApp opens a wa.me chat with the number's digits (new tab);
 * - Malaysian Number opens a tel: link and copies the digits;
 * - Discord and Revolut copy the username.
 * A contact that was never registered still gets its button (so rows line up), muted, and a
 * click explains 'Contact not available' / 'No {label} contact information provided.'.
 * `name` (whose contacts these are) goes into the accessible names, so a list of passengers reads
 * "Copy Discord username of Bob" rather than a row of identical buttons. Below 768 px, where there
 * is no hover to show a tooltip, each button also carries its label in words (docs/product.md#contact-actions).
 */
import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { contactDigits, telLink, whatsappLink } from '@rideshare/domain';
import { forwardRef, type ComponentProps, type ComponentType, type ReactNode } from 'react';

import { notifyInfo } from '../../lib/notify';
import { copyWithToast } from '../../lib/clipboard';
import { ChatIcon, DiscordIcon, PhoneIcon, WalletIcon } from '../../components/icons';

export type ContactKind = 'whatsapp' | 'malaysian' | 'discord' | 'revolut';

export interface ContactDetails {
  whatsappNumber?: string | null;
  malaysianNumber?: string | null;
  discordUsername?: string | null;
  revolutUsername?: string | null;
}

export interface ContactButtonsProps {
  contacts: ContactDetails;
  /** Which buttons, in this order; all four when left out. */
  show?: readonly ContactKind[];
  /** Whose contacts these are, for the buttons' accessible names. */
  name?: string;
}

const ALL_CONTACT_KINDS: readonly ContactKind[] = ['whatsapp', 'malaysian', 'discord', 'revolut'];

interface KindInfo {
  label: string;
  action: string;
  color: string;
  Icon: ComponentType<{ size?: number }>;
  value: (contacts: ContactDetails) => string;
}

/** Phone numbers count as given only when they hold a digit; usernames when not blank. */
const KINDS: Record<ContactKind, KindInfo> = {
  whatsapp: {
    label: 'WhatsApp',
    action: 'Chat on WhatsApp',
    color: 'green',
    Icon: ChatIcon,
    value: (contacts) => contactDigits(contacts.whatsappNumber),
  },
  malaysian: {
    label: 'Malaysian Number',
    action: 'Call Malaysian Number',
    color: 'orange',
    Icon: PhoneIcon,
    value: (contacts) => contactDigits(contacts.malaysianNumber),
  },
  discord: {
    label: 'Discord',
    action: 'Copy Discord username',
    color: 'indigo',
    Icon: DiscordIcon,
    value: (contacts) => contacts.discordUsername?.trim() ?? '',
  },
  revolut: {
    label: 'Revolut',
    action: 'Copy Revolut username',
    color: 'grape',
    Icon: WalletIcon,
    value: (contacts) => contacts.revolutUsername?.trim() ?? '',
  },
};

function contactNotAvailable(label: string): void {
  notifyInfo('Contact not available', `No ${label} contact information provided.`);
}

/** Below this width a contact button shows its label too (the mobile breakpoint, 768 px). */
const LABELLED_QUERY = '(max-width: 47.99em)';

type ControlProps = Omit<ComponentProps<typeof Button<'a'>>, 'children'> & {
  icon: ReactNode;
  text: string;
  labelled: boolean;
  href?: string;
  target?: string;
  rel?: string;
};

/** An icon button, or on phones a small button with the icon and its label in words (a ref reaches the Tooltip). */
const Control = forwardRef<HTMLElement, ControlProps>(function Control({ icon, text, labelled, ...props }, ref) {
  if (labelled) {
    return (
      <Button ref={ref as never} size="xs" leftSection={icon} {...(props as object)}>
        {text}
      </Button>
    );
  }
  return (
    <ActionIcon ref={ref as never} size="lg" {...(props as object)}>
      {icon}
    </ActionIcon>
  );
});

function ContactButton({
  kind,
  contacts,
  name,
  labelled,
}: {
  kind: ContactKind;
  contacts: ContactDetails;
  name?: string;
  labelled: boolean;
}) {
  const info = KINDS[kind];
  const value = info.value(contacts);
  const who = name ? ` of ${name}` : '';
  const Icon = info.Icon;

  if (!value) {
    const label = `${info.action}${who} (not provided)`;
    return (
      <Tooltip label={`No ${info.label} contact information provided.`} openDelay={700} withinPortal>
        <Control
          icon={<Icon />}
          text={info.label}
          labelled={labelled}
          variant="default"
          aria-label={label}
          data-contact={kind}
          data-available="false"
          c="dimmed"
          onClick={() => contactNotAvailable(info.label)}
        />
      </Tooltip>
    );
  }

  const label = `${info.action}${who}`;
  const tooltip = `${info.action}: ${kind === 'whatsapp' || kind === 'malaysian' ? `+${value}` : value}`;

  const shared = {
    variant: 'light',
    color: info.color,
    icon: <Icon />,
    text: info.label,
    labelled,
    'aria-label': label,
    'data-contact': kind,
    'data-available': 'true',
  } as const;
  let button: ReactNode;
  if (kind === 'whatsapp') {
    button = (
      <Control
        component="a"
        href={whatsappLink(contacts.whatsappNumber)}
        target="_blank"
        rel="noopener noreferrer"
        {...shared}
      />
    );
  } else if (kind === 'malaysian') {
    // The link does the calling; copying as well helps on desktops, where tel: often does nothing.
    const onClick = () => {
      void copyWithToast(value, { title: 'Number copied', message: `${info.label} ${value} copied to clipboard.` });
    };
    button = <Control component="a" href={telLink(contacts.malaysianNumber)} onClick={onClick} {...shared} />;
  } else {
    const onClick = () => {
      void copyWithToast(value, { title: 'Copied to clipboard', message: `${info.label} username ${value} copied.` });
    };
    button = <Control onClick={onClick} {...shared} />;
  }

  return (
    <Tooltip label={tooltip} openDelay={700} withinPortal>
      {button}
    </Tooltip>
  );
}

export function ContactButtons({ contacts, show = ALL_CONTACT_KINDS, name }: ContactButtonsProps) {
  const labelled = useMediaQuery(LABELLED_QUERY) ?? false;
  if (show.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={name ? `Contact ${name}` : 'Contact'}>
      {show.map((kind) => (
        <ContactButton key={kind} kind={kind} contacts={contacts} name={name} labelled={labelled} />
      ))}
    </Group>
  );
}
