import { FormBuilderView } from '../components/FormBuilderView';
import { useFormBuilder } from '../hooks/useFormBuilder';

/** `metadata/tables/:id/formBuilder`: which columns the list and the forms show, in which order and width. */
export const FormBuilderPage = () => {
  const builder = useFormBuilder();
  return <FormBuilderView builder={builder} />;
};
