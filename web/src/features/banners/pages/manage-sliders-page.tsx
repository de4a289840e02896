import { Link } from 'react-router-dom';
import { QueryStatus } from '../../../components/query-status';
import { confirmThenRun } from '../../../lib/dialog';
import { responsiveImageProps } from '../../../lib/image-srcset';
import { useDeleteSlider } from '../api/delete-slider';
import { useSliders, type Slider } from '../api/get-sliders';

/** /dashboard/managesliders (admin): the banners as thumbnails, each with Delete. */
export function ManageSlidersPage() {
  const { data: sliders, status } = useSliders();
  const deleteSlider = useDeleteSlider();

  function handleDelete(slider: Slider, label: string) {
    return confirmThenRun({
      confirm: { title: 'Are you sure?', text: "You won't be able to revert this!", confirmButtonText: 'Yes, delete it!' },
      run: () => deleteSlider.mutateAsync(slider._id),
      success: { title: 'Deleted', text: `${label} has been deleted.` },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="sliders-title">
      <h1 id="sliders-title" className="page__title">
        Manage Slider Images
      </h1>
      <QueryStatus status={status} loading="Loading slider images..." failed="Failed to load slider images" />
      {status === 'success' && (
        <>
          <p className="page__lead" data-testid="sliders-total">
            Total Slider Images: {sliders.length}
          </p>
          {sliders.length === 0 ? (
            <p className="notice">
              No slider images yet. <Link to="/dashboard/addslider">Add one</Link>.
            </p>
          ) : (
            <ul className="slider-admin-list">
              {sliders.map((slider, index) => {
                const label = `Banner ${index + 1}`;
                const captionId = `slider-${slider._id}-caption`;
                return (
                  <li key={slider._id} className="slider-admin-card" data-testid="slider-item">
                    <img
                      {...responsiveImageProps(slider.image, '(min-width: 600px) 360px, 100vw')}
                      alt={label}
                      width={360}
                      height={135}
                      loading="lazy"
                      className="slider-admin-card__image"
                    />
                    <div className="slider-admin-card__footer">
                      <span id={captionId} className="slider-admin-card__caption">
                        {label}
                      </span>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        aria-describedby={captionId}
                        disabled={deleteSlider.isPending}
                        onClick={() => void handleDelete(slider, label)}
                      >
                        Delete
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
