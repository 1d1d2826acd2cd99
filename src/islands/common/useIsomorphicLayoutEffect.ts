/**
 * A layout effect in the browser, a plain effect on the server. Islands are rendered to HTML on
 * the server first, where React runs no effect at all but warns for every `useLayoutEffect`
 * ("does nothing on the server"); neither kind runs there, so using `useEffect` on the server
 * changes nothing but the warning, and the browser keeps the layout effect (it runs before paint).
 */
import { useEffect, useLayoutEffect } from "react";

export const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
