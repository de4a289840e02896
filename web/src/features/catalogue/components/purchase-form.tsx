import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginRedirectState } from '../../../lib/auth/auth-provider';
import { useAuth } from '../../../lib/auth/use-auth';
import { loadSwal } from '../../../lib/dialog';
import type { Product } from '../api/get-product';
import type { PurchaseHandler, PurchaseRequest } from '../purchase';

type PurchaseFormProps = {
  product: Product;
  onPurchase: PurchaseHandler;
};

/** Size, color and quantity, with Add to Cart and Order Now; a visitor is sent to log in first. */
export function PurchaseForm({ product, onPurchase }: PurchaseFormProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const id = product._id;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Both buttons submit, so the browser checks the quantity for either; the pressed one says which.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent: PurchaseRequest['intent'] =
      submitter instanceof HTMLButtonElement && submitter.value === 'order-now' ? 'order-now' : 'add-to-cart';

    if (!user) {
      const state: LoginRedirectState = { from: { pathname: location.pathname, search: location.search } };
      // The dialog stays up over the login page; no need to wait for it to close.
      void loadSwal().then((Swal) =>
        Swal.fire({ icon: 'warning', title: 'Please login first', text: 'Log in to add products to your cart or order them.' }),
      );
      await navigate('/login', { state });
      return;
    }

    const form = new FormData(event.currentTarget);
    const request: PurchaseRequest = {
      intent,
      product,
      size: String(form.get('size') ?? ''),
      color: String(form.get('color') ?? ''),
      quantity: Number.parseInt(String(form.get('quantity') ?? '1'), 10),
    };
    setBusy(true);
    try {
      await onPurchase(request);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form purchase-form" aria-label="Buy this product" onSubmit={(event) => void handleSubmit(event)}>
      <div className="purchase-form__fields">
        {product.sizes.length > 0 && (
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-size`}>
              Size
            </label>
            <select id={`${id}-size`} name="size" className="form-field__input" defaultValue="">
              <option value="">Choose a size</option>
              {product.sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        )}
        {product.colors.length > 0 && (
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-color`}>
              Color
            </label>
            <select id={`${id}-color`} name="color" className="form-field__input" defaultValue="">
              <option value="">Choose a color</option>
              {product.colors.map((color) => (
                <option key={color} value={color}>
                  {color}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="form-field purchase-form__quantity">
          <label className="form-field__label" htmlFor={`${id}-quantity`}>
            Quantity
          </label>
          <input
            id={`${id}-quantity`}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            step={1}
            defaultValue={1}
            required
            className="form-field__input"
          />
        </div>
      </div>
      <div className="purchase-form__actions">
        <button type="submit" name="intent" value="add-to-cart" className="button button--primary" disabled={busy}>
          Add to Cart
        </button>
        <button type="submit" name="intent" value="order-now" className="button button--accent" disabled={busy}>
          Order Now
        </button>
      </div>
    </form>
  );
}
