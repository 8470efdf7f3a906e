import { Grid } from 'antd';
import { screenLayout, type ScreenLayout } from '../lib/screen-layout';

/** The layout for the window's width (drawer menu below lg, record cards below md); follows resizes. */
export const useScreenLayout = (): ScreenLayout => screenLayout(Grid.useBreakpoint());
