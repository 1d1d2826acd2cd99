export { I18nProvider, useTranslation, type I18nProviderProps, type IslandResources, type NamespaceResources, type Translate } from "./I18nProvider.tsx";
export { loadLocaleResources, type ResourceFiles } from "./load-resources.ts";
export { useToast, type ShowToast } from "./useToast.ts";
