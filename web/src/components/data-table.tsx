import type { ReactNode } from 'react';
import { responsiveImageProps } from '../lib/image-srcset';
import { useT } from '../lib/i18n/i18n';
import { fieldsMessages } from './messages/fields';

/**
 * The dashboard's tables: a scrollable, keyboard-reachable region named by the page heading, a
 * caption for screen readers, one header row of column names. The rows are the page's own.
 */
export function DataTable({
  labelledBy,
  caption,
  columns,
  className = 'data-table',
  children,
}: {
  /** The id of the heading that names the region. */
  labelledBy: string;
  caption: string;
  columns: string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className={className}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A product's first picture as a 56 px thumbnail in a table cell, or "No photo". */
export function ThumbnailCell({ image }: { image: string | undefined }) {
  const t = useT(fieldsMessages);
  return (
    <td>
      {image ? (
        <img {...responsiveImageProps(image, '56px')} alt="" width={56} height={56} loading="lazy" className="data-table__thumb" />
      ) : (
        <span className="data-table__tag">{t('fields.noPhoto')}</span>
      )}
    </td>
  );
}
