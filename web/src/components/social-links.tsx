import type { ReactNode } from 'react';

export type SocialUrls = {
  facebook: string;
  instagram: string;
  youtube: string;
};

type Network = { key: keyof SocialUrls; name: string; icon: ReactNode };

const iconProps = { 'aria-hidden': true, focusable: false, viewBox: '0 0 24 24', width: 20, height: 20 } as const;

const NETWORKS: Network[] = [
  {
    key: 'facebook',
    name: 'Facebook',
    icon: (
      <svg {...iconProps}>
        <path fill="currentColor" d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3Z" />
      </svg>
    ),
  },
  {
    key: 'instagram',
    name: 'Instagram',
    icon: (
      <svg {...iconProps}>
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="17.3" cy="6.7" r="1.2" fill="currentColor" />
      </svg>
    ),
  },
  {
    key: 'youtube',
    name: 'YouTube',
    icon: (
      <svg {...iconProps}>
        <path fill="currentColor" d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3L10 15Z" />
      </svg>
    ),
  },
];

type SocialLinksProps = {
  social: SocialUrls;
  className?: string;
};

/** Links to the shop's three social networks; each opens in a new tab. */
export function SocialLinks({ social, className }: SocialLinksProps) {
  return (
    <ul className={className ? `social-links ${className}` : 'social-links'}>
      {NETWORKS.map(({ key, name, icon }) => (
        <li key={key}>
          <a className="social-links__link" href={social[key]} target="_blank" rel="noopener noreferrer">
            {icon}
            <span>{name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
