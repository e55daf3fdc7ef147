// The items of My work's View menu, loaded when the menu first opens: the order and whether
// finished work shows.
import { Menu } from "@ark-ui/react/menu";
import { MY_WORK_ORDERS, type MyWorkDisplay, type MyWorkOrder } from "~/lib/my-work-display";
import { Check, RadioItem, groupLabel, menuItem } from "../issue-views/view-options-items";

export default function MyWorkDisplayItems({ display, onChange }: { display: MyWorkDisplay; onChange(next: MyWorkDisplay): void }) {
  return (
    <>
      <Menu.RadioItemGroup value={display.order} onValueChange={(details) => onChange({ ...display, order: details.value as MyWorkOrder })}>
        <Menu.ItemGroupLabel className={groupLabel}>Order by</Menu.ItemGroupLabel>
        {MY_WORK_ORDERS.map((order) => (
          <RadioItem key={order.key} value={order.key} label={order.label} checked={order.key === display.order} />
        ))}
      </Menu.RadioItemGroup>
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel className={groupLabel}>Show</Menu.ItemGroupLabel>
        <Menu.CheckboxItem
          value="show-finished"
          checked={display.showFinished}
          onCheckedChange={(checked) => onChange({ ...display, showFinished: checked })}
          closeOnSelect={false}
          className={menuItem}
        >
          <Check checked={display.showFinished} />
          <Menu.ItemText>Completed and cancelled issues</Menu.ItemText>
        </Menu.CheckboxItem>
      </Menu.ItemGroup>
    </>
  );
}
