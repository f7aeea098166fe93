import { FormField } from '../../components/FormField';
import { SearchIcon } from '../../components/icons';
import { useSchemaForm, type TFormSchema } from '../../lib/use-schema-form';

/**
 * A search above an admin list, checked with the shared schema of its query parameter (`param` of admin/data):
 * the box, Search, and Clear once a search is applied (unless the search is required). `toTyped` shapes what is
 * typed (a registration is upper-cased as typed). A search the schema refuses shows its message under the box.
 */
export function SearchBox({
  label,
  hint,
  param,
  schema,
  applied,
  onApply,
  toTyped = (raw) => raw,
  isClearable = true,
}: {
  label: string;
  hint?: string;
  param: string;
  schema: TFormSchema<string>;
  applied: string;
  onApply: (search: string) => void;
  toTyped?: (raw: string) => string;
  isClearable?: boolean;
}) {
  const form = useSchemaForm({
    initialValues: { search: applied },
    schema,
    toInput: (values) => ({ [param]: values.search }),
    paths: { [param]: 'search' },
    onSubmit: (search) => onApply(search),
  });

  return (
    <form className="admin-search" role="search" noValidate onSubmit={form.handleSubmit}>
      <FormField
        label={label}
        hint={hint}
        autoComplete="off"
        spellCheck={false}
        {...form.bindField('search')}
        name={param}
        onChange={(event) => form.setValue('search', toTyped(event.target.value))}
        action={
          <button type="submit" className="button button--primary form-field__action">
            <SearchIcon size={18} />
            Search
          </button>
        }
      />
      {isClearable && applied ? (
        <button
          type="button"
          className="button button--ghost button--small admin-search__clear"
          onClick={() => {
            form.reset({ search: '' });
            onApply('');
          }}
        >
          Clear search
        </button>
      ) : null}
    </form>
  );
}
