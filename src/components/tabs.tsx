import { Content, List, Root, Trigger } from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem<T extends string> {
  readonly id: T;
  /** What the tab says (its name), and anything beside it (a count). */
  readonly label: ReactNode;
}

/**
 * The portal's tabs (find work, won work, payments, profile): Radix's tabs, the WAI-ARIA tabs pattern, with the
 * arrow keys, Home and End moving between tabs and choosing as they go, each tab naming its panel. The selected tab
 * is the page machine's (`selected` in, `onSelect` out); only its panel is drawn.
 *
 * Why Radix and not React Aria, which gives the portal's dialogues, menus and combobox: React Aria's tabs are built
 * on its collection and selection machinery and put about 33 KB (gzip) on the first load of each page with tabs, most
 * of a page's 150 KB budget; Radix's are 5.5 KB. The gate names both libraries; tabs share no overlay or
 * focus scope with React Aria's components, so the two do not meet.
 */
export function Tabs<T extends string>(props: {
  /** The tab list's accessible name. */
  readonly label: string;
  readonly tabs: readonly TabItem<T>[];
  readonly selected: T;
  onSelect(id: T): void;
  readonly className?: string;
  /** The panels (TabPanel), wherever the page lays them out. */
  readonly children: ReactNode;
}) {
  return (
    <Root
      className={props.className}
      value={props.selected}
      onValueChange={(value) => props.onSelect(value as T)}
      activationMode="automatic"
    >
      <List className="tab-list" aria-label={props.label}>
        {props.tabs.map((tab) => (
          <Trigger key={tab.id} value={tab.id} className="tab">
            {tab.label}
          </Trigger>
        ))}
      </List>
      {props.children}
    </Root>
  );
}

/** The panel of tab `id`, labelled by its tab; drawn only while that tab is selected. */
export function TabPanel(props: { readonly id: string; readonly className?: string; readonly children: ReactNode }) {
  return (
    <Content value={props.id} className={props.className ?? 'tab-panel'}>
      {props.children}
    </Content>
  );
}
