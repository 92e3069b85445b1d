import type { CatalogCardItem, CatalogKind, ListResult } from "~/lib/catalog/types";
import { StreamedCatalog } from "~/components/catalog/catalog-states";
import { Pager } from "~/components/catalog/pager";
import { MemberPriceHint } from "~/components/catalog/price";
import { KIND_TEXT } from "~/lib/catalog/texts";

/** The page of /products, /events or /courses: heading, intro and the streamed list (6 skeletons). */
export function CatalogListPage({
  kind,
  items,
}: {
  kind: CatalogKind;
  items: ListResult<CatalogCardItem> | Promise<ListResult<CatalogCardItem>>;
}) {
  const text = KIND_TEXT[kind];
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight">{text.listTitle}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{text.listIntro}</p>
        <MemberPriceHint className="mt-3" />
      </header>
      <div className="mt-10">
        <StreamedCatalog
          kind={kind}
          place="page"
          resolve={items}
          after={(result) => (result.paging ? <Pager path={text.path} paging={result.paging} /> : null)}
        />
      </div>
    </div>
  );
}
