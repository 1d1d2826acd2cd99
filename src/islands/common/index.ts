export { I18nProvider, createIslandI18n, loadLocaleResources, type I18nProviderProps, type NamespaceResources } from "./I18nProvider.tsx";
export { useToast, type ShowToast } from "./useToast.ts";
